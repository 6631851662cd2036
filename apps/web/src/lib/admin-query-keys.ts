import type { AuditEntityType } from '@dealer/shared';

/**
 * Every admin-area query sits under this root (users, dashboard, search, change histories, logs): the
 * admin shell marks it stale after any change that succeeds there, whichever feature made it.
 */
export const adminRootKey = ['admin'] as const;

/** A record's change history; here because the features that change a record refresh it too. */
export const auditHistoryKey = (entityType: AuditEntityType, entityId: string) => [...adminRootKey, 'audit', entityType, entityId] as const;
