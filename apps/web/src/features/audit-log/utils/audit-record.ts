import { AUDIT_LOG_KINDS, AUDIT_LOG_KIND_LABELS, type AuditLogEntry, type AuditLogKind } from '@dealer/shared';
import { paths } from '@/config/paths';

/** Where each kind of record of the log is shown in the admin area (closure days, holds and settings have one page for all). */
const RECORD_PAGES: Record<AuditLogKind, (id: string) => string> = {
  vehicle: (id) => paths.admin.vehicle(id),
  maintenance: (id) => paths.admin.maintenanceRequest(id),
  user: (id) => paths.admin.user(id),
  closure_day: () => paths.admin.closureDays,
  reservation: () => paths.admin.reservations,
  workshop_settings: () => paths.admin.workshopSettings,
  test_drive_settings: () => paths.admin.testDriveSettings,
  trade_in: (id) => paths.admin.tradeIn(id),
  invoice: (id) => paths.admin.invoice(id),
};

const isKind = (type: string): type is AuditLogKind => (AUDIT_LOG_KINDS as readonly string[]).includes(type);

/** The record's page, when the record still exists and its kind has one. */
export function recordHref(entry: Pick<AuditLogEntry, 'entityType' | 'entityId' | 'entityLabel'>): string | null {
  if (entry.entityLabel === null || !isKind(entry.entityType)) return null;
  return RECORD_PAGES[entry.entityType](entry.entityId);
}

/** 'Reservations' for a kind the log knows; a kind it does not yet know reads as words. */
export function kindLabel(type: string): string {
  if (isKind(type)) return AUDIT_LOG_KIND_LABELS[type];
  const words = type.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

