import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { isQueryDay, QUERY_DAYS } from '../calendar-day';
import { isoDateSchema } from './maintenance';

/** A day of the log's range: a date (its own message first), then one a query may name. */
const logDay = isoDateSchema.pipe(z.string().refine(isQueryDay, QUERY_DAYS.message));
import { storableString } from './text';

/**
 * Every kind of record the API writes to the audit trail (an audit write names one of these), as the
 * site-wide log filters them. Test drives, leads and saved searches keep their own history, not here.
 */
export const AUDIT_LOG_KINDS = ['vehicle', 'maintenance', 'user', 'closure_day', 'workshop_settings', 'reservation', 'test_drive_settings', 'trade_in', 'invoice'] as const;
export type AuditLogKind = (typeof AUDIT_LOG_KINDS)[number];
export const AUDIT_LOG_KIND_LABELS: Record<AuditLogKind, string> = {
  vehicle: 'Listings',
  maintenance: 'Maintenance',
  user: 'Accounts',
  closure_day: 'Closure days',
  workshop_settings: 'Workshop settings',
  reservation: 'Reservations',
  test_drive_settings: 'Test drive settings',
  trade_in: 'Trade-ins',
  invoice: 'Invoices',
};
export const AUDIT_LOG_PAGE_SIZE = 20;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * GET api/admin/audit-log: every recorded change, newest first, filtered by who made it (part of their
 * name or e-mail), the kind of record and the days (the workshop's calendar), paged.
 */
export const auditLogQuerySchema = z
  .object({
    person: z.preprocess(blankToUndefined, storableString().trim().max(100, 'Must be at most 100 characters.').optional()),
    kind: z.preprocess(blankToUndefined, z.enum(AUDIT_LOG_KINDS, { error: 'Unknown kind of record' }).optional()),
    dateFrom: z.preprocess(blankToUndefined, logDay.optional()),
    dateTo: z.preprocess(blankToUndefined, logDay.optional()),
    page: z.coerce.number({ error: 'Page must be 1 or more' }).int('Page must be 1 or more').min(1, 'Page must be 1 or more').optional().default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(AUDIT_LOG_PAGE_SIZE),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: 'The first day must not be after the last', path: ['dateTo'] });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
