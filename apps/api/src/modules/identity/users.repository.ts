import { desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { matchesTyped } from '../../lib/text-match';
import { windowCounts, type WindowCounts, type Windows } from '../../lib/window-counts';
import type { UserRow } from './users.mapper';

export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Login by e-mail or username, case-insensitively. */
export async function findUserByLogin(db: Executor, emailOrUsername: string): Promise<UserRow | undefined> {
  const value = emailOrUsername.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, value), eq(sql`lower(${users.username})`, value)))
    .limit(1);
  return row;
}

/** Which of the username and e-mail are already used by someone (case-insensitively). */
export async function findTakenIdentity(db: Executor, username: string, email: string): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(sql`lower(${users.email})`, email.toLowerCase())));
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account an admin named by id, e-mail or username (the last two case-insensitively). */
export async function findUserIdByReference(db: Executor, reference: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      UUID.test(reference)
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
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatarKey: users.avatarKey, createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
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
