import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { AUDIT_PERSON_FIELDS, type AuditEntry, type AuditLogKind } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { readPage } from '../../db/page';
import { auditEntries, users } from '../../db/schema';
import { containsText } from '../../infra/text-match';
import { isUuid } from '../../infra/uuid';

export interface AuditInput {
  actorId: string | null;
  /** e.g. 'maintenance.status', 'vehicle.update', 'vehicle.delete', 'user.suspend', 'user.password-reset' */
  action: string;
  /** The kinds the site-wide log knows (AUDIT_LOG_KINDS): a new kind is added there, with its label. */
  entityType: AuditLogKind;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Records an admin change with who, when, and the values before and after. Call it inside the change's transaction. */
export async function recordAudit(db: Executor, entry: AuditInput): Promise<void> {
  await db.insert(auditEntries).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** The account ids an entry's values name (customer, seller, buyer), so the history can show names. */
function peopleNamed(values: unknown[]): string[] {
  const ids = values.flatMap((value) =>
    typeof value === 'object' && value !== null
      ? AUDIT_PERSON_FIELDS.map((field) => (value as Record<string, unknown>)[field])
      : [],
  );
  return ids.filter(isUuid);
}

type Row = { entry: typeof auditEntries.$inferSelect; actorName: string | null };

/** Entries as they leave the server, with the names of the people their values name. */
export async function toAuditEntries(db: Executor, rows: Row[]): Promise<AuditEntry[]> {
  const ids = [...new Set(rows.flatMap(({ entry }) => peopleNamed([entry.before, entry.after])))];
  const named = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const nameOf = new Map(named.map((u) => [u.id, u.name]));
  return rows.map(({ entry, actorName }) => ({
    _id: entry.id,
    actor: entry.actorId ? { _id: entry.actorId, name: actorName ?? 'Deleted user' } : null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    names: Object.fromEntries(peopleNamed([entry.before, entry.after]).map((id) => [id, nameOf.get(id) ?? 'Deleted user'])),
    createdAt: entry.createdAt.toISOString(),
  }));
}

/** Entries with the name of who made each, newest first (`seq` orders two changes of one instant). */
function entriesWithActor(db: Executor, where: SQL | undefined) {
  return db
    .select({ entry: auditEntries, actorName: users.name })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorId))
    .where(where)
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.seq));
}

export async function listAudit(db: Executor, entityType: string, entityId: string, limit = 100): Promise<AuditEntry[]> {
  const rows = await entriesWithActor(
    db,
    and(eq(auditEntries.entityType, entityType), eq(auditEntries.entityId, entityId)),
  ).limit(limit);
  return toAuditEntries(db, rows);
}

export interface AuditLogFilters {
  /** Part of the name or e-mail of who made the change. */
  person?: string;
  entityType?: string;
  /** Changes made at or after this instant, and before `until`. */
  since?: Date;
  until?: Date;
  offset: number;
  limit: number;
}

/** The site-wide log: every change matching the filters, newest first, and how many match. */
export async function listAuditLog(db: Executor, filters: AuditLogFilters): Promise<{ entries: AuditEntry[]; total: number }> {
  const person = filters.person?.trim();
  const where = and(
    person ? or(containsText(users.name, person), containsText(users.email, person)) : undefined,
    filters.entityType ? eq(auditEntries.entityType, filters.entityType) : undefined,
    filters.since ? gte(auditEntries.createdAt, filters.since) : undefined,
    filters.until ? lt(auditEntries.createdAt, filters.until) : undefined,
  );
  // Counted over the same join: the person filter reads the actor's name and e-mail.
  const total = db
    .select({ n: count() })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorId))
    .where(where)
    .then(([row]) => Number(row?.n ?? 0));
  const page = await readPage(entriesWithActor(db, where).$dynamic(), total, filters);
  return { entries: await toAuditEntries(db, page.rows), total: page.total };
}
