import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@dealer/shared';
import type { Executor } from '../db/client';
import { auditEntries, users } from '../db/schema';

export interface AuditInput {
  actorId: string | null;
  /** e.g. 'maintenance.status', 'vehicle.update', 'vehicle.delete', 'user.suspend', 'user.password-reset' */
  action: string;
  entityType: 'vehicle' | 'maintenance' | 'user' | 'closure_day';
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Records an admin change with who, when, and the values before and after. Call it inside the change's transaction. */
export async function recordAudit(db: Executor, entry: AuditInput): Promise<void> {
  await db.insert(auditEntries).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

export async function listAudit(db: Executor, entityType: string, entityId: string, limit = 100): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditEntries, actorName: users.name })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorId))
    .where(and(eq(auditEntries.entityType, entityType), eq(auditEntries.entityId, entityId)))
    .orderBy(desc(auditEntries.createdAt))
    .limit(limit);
  return rows.map(({ entry, actorName }) => ({
    _id: entry.id,
    actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? 'Deleted user' } : null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
}
