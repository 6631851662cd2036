import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Role, UserStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { readPage } from '../../db/page';
import { users } from '../../db/schema';
import { matchesTyped } from '../../infra/text-match';
import { windowCounts, type WindowCounts, type Windows } from '../../infra/window-counts';
import { isUuid } from '../../infra/uuid';

export type UserRow = typeof users.$inferSelect;

export interface UserListFilters {
  status?: UserStatus;
  /** YYYY-MM-DD, inclusive, in `timeZone`. */
  joinedFrom?: string;
  joinedTo?: string;
  search?: string;
  timeZone: string;
}

/** How many appointments a user has, as a column of the caller's query (the maintenance domain's count). */
export type AppointmentCountOf = (userId: SQL) => SQL<number>;

/**
 * The user's appointment count, computed in the same statement (no query per row). Spelled out
 * with a qualified name: Drizzle leaves columns unqualified in a single-table select.
 */
const maintenanceCountOf = (appointmentCountOf: AppointmentCountOf) => appointmentCountOf(sql`"users"."id"`);

function listConditions(f: UserListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (f.status) conditions.push(eq(users.status, f.status));
  // Calendar days of the dealership, so "joined on March 5" means March 5 where the admin is.
  if (f.joinedFrom) conditions.push(sql`${users.createdAt} >= (${f.joinedFrom}::date::timestamp at time zone ${f.timeZone})`);
  if (f.joinedTo) conditions.push(sql`${users.createdAt} < ((${f.joinedTo}::date + 1)::timestamp at time zone ${f.timeZone})`);
  if (f.search) {
    conditions.push(matchesTyped(f.search, [users.name, users.email, users.username], users.id));
  }
  return and(...conditions);
}

export async function listUsers(
  db: Executor,
  appointmentCountOf: AppointmentCountOf,
  filters: UserListFilters,
  page: number,
  limit: number,
) {
  const where = listConditions(filters);
  return readPage(
    db
      .select({ user: users, maintenanceCount: maintenanceCountOf(appointmentCountOf) })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .$dynamic(),
    db.$count(users, where),
    { limit, offset: (page - 1) * limit },
  );
}

export async function findUser(
  db: Executor,
  appointmentCountOf: AppointmentCountOf,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select({ user: users, maintenanceCount: maintenanceCountOf(appointmentCountOf) })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  return row;
}

export async function updateStatus(db: Executor, id: string, status: UserStatus, statusReason: string | null, now: Date) {
  await db.update(users).set({ status, statusReason, updatedAt: now }).where(eq(users.id, id));
}

export async function updateRole(db: Executor, id: string, role: Role, now: Date) {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
}

/**
 * Serialises every change to who is an active admin until the transaction ends, so two admins demoting
 * or deactivating each other at once cannot both pass the last-admin check.
 */
export async function lockAdminRoster(db: Executor): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('admin-roster', 0))`);
}

export async function countActiveAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'active')));
  return Number(row?.n ?? 0);
}

/** The account an admin named by id, e-mail or username (the last two case-insensitively). */
export async function findUserIdByReference(db: Executor, reference: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      isUuid(reference)
        ? eq(users.id, reference)
        : or(sql`lower(${users.email}) = lower(${reference})`, sql`lower(${users.username}) = lower(${reference})`),
    )
    .limit(1);
  return row?.id;
}

export async function countActiveUsersByWindow(db: Executor, w: Windows): Promise<WindowCounts> {
  const counts = windowCounts(users.createdAt, w);
  const [row] = await db.select(counts).from(users).where(eq(users.status, 'active'));
  return row!;
}

export function recentUsers(db: Executor, limit: number) {
  // Built and planned once: the dashboard asks on every look.
  const statement = prepared(
    db,
    `recent users ${limit}`,
    () =>
      db
        .select({ id: users.id, name: users.name, email: users.email, avatarKey: users.avatarKey, createdAt: users.createdAt })
        .from(users)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(literalLimit(limit)),
    `users_recent_${limit}`,
  );
  return statement.execute();
}

/** Accounts whose name, e-mail, username or id match what an admin typed, newest first. */
export function searchUsers(db: Executor, q: string, limit: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(matchesTyped(q, [users.name, users.email, users.username], users.id))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** The active accounts with one of these roles (sales staff a lead is told to or given to), by name. */
export async function activeUsersWithRoles(
  db: Executor,
  roles: readonly Role[],
): Promise<{ id: string; name: string; email: string; role: Role }[]> {
  if (roles.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.status, 'active'), inArray(users.role, [...roles])))
    .orderBy(users.name, users.id);
}
