import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZES, USER_STATUSES } from '../constants';
import { isoDateSchema } from './maintenance';
import { storableString } from './text';

/** The :id of the admin's user routes. */
export const userIdParamsSchema = z.object({ id: z.string().max(100) });

/** GET api/users/customers: part of a name or an e-mail, two characters or more. */
export const customerSearchQuerySchema = z.object({
  search: storableString().trim().min(2, 'Type at least 2 letters of the name or e-mail.').max(200, 'Must be at most 200 characters.'),
});
/** How many accounts the customer search answers with. */
export const CUSTOMER_SEARCH_LIMIT = 10;

/** GET api/users: the status filter is omitted (or 'all') for every status; joined dates are inclusive. */
export const userListQuerySchema = z
  .object({
    status: z.preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(USER_STATUSES, { error: 'Unknown status' }).optional(),
    ),
    joinedFrom: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
    joinedTo: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
    search: storableString().trim().max(200, 'Must be at most 200 characters.').optional(),
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').optional().default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().default(PAGE_SIZES.users),
  })
  .refine((v) => !v.joinedFrom || !v.joinedTo || v.joinedFrom <= v.joinedTo, {
    message: 'Joined to must be on or after joined from',
    path: ['joinedTo'],
  });
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userStatusChangeSchema = z
  .object({
    status: z.enum(USER_STATUSES, { error: 'Unknown status' }),
    reason: storableString().trim().max(1000, 'Must be at most 1000 characters.').optional(),
  })
  .refine((v) => v.status !== 'suspended' || (v.reason && v.reason.length > 0), {
    message: 'A reason is required to suspend an account',
    path: ['reason'],
  });
export type UserStatusChangeInput = z.input<typeof userStatusChangeSchema>;

/** GET api/admin/search?q= (the admin header search). */
export const adminSearchQuerySchema = z.object({
  q: storableString({ error: 'Enter something to search for' })
    .trim()
    .min(1, 'Enter something to search for')
    .max(100, 'Must be at most 100 characters.'),
});

export const AUDIT_ENTITY_TYPES = ['vehicle', 'maintenance', 'user'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** GET api/admin/audit?entityType=&entityId= (the change history shown on a record). */
export const auditQuerySchema = z.object({
  entityType: z.enum(AUDIT_ENTITY_TYPES, { error: 'Unknown record type' }),
  entityId: storableString({ error: 'Record id is required' }).trim().min(1, 'Record id is required').max(100),
});
