import { eq, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import { StartupError } from '../../infra/errors';
import { endAccountAccess } from '../auth';

export interface AdminAccount {
  email: string;
  username: string;
  password: string;
  name?: string;
}

export type AdminOutcome = 'created' | 'updated' | 'unchanged';

/**
 * The e-mail and the username belong to different accounts, or only one of them is taken: promoting
 * either account would hand the admin role to whoever registered that name or address first.
 */
export class AdminConflictError extends Error {}

const lower = (column: typeof users.email | typeof users.username) => sql`lower(${column})`;

/**
 * Creates the admin, or brings the one account holding both this e-mail and this username to the
 * admin role, active, with this password. Never reachable from the register form. Whatever it
 * changes on an existing account (role, status, password) ends every session of that account.
 */
export async function upsertAdmin(deps: Pick<AppDeps, 'db'>, account: AdminAccount): Promise<AdminOutcome> {
  const email = account.email.toLowerCase();
  const username = account.username.toLowerCase();
  const matches = await deps.db
    .select({ id: users.id, email: users.email, username: users.username, role: users.role, status: users.status, passwordHash: users.passwordHash })
    .from(users)
    .where(or(eq(lower(users.email), email), eq(lower(users.username), username)));

  const owner = matches.find((m) => m.email.toLowerCase() === email && m.username.toLowerCase() === username);
  if (!owner) {
    const byEmail = matches.find((m) => m.email.toLowerCase() === email);
    const byUsername = matches.find((m) => m.username.toLowerCase() === username);
    if (byEmail || byUsername) throw new AdminConflictError(conflictMessage(account, byEmail, byUsername));
    await deps.db.insert(users).values({
      username: account.username,
      email: account.email,
      name: account.name ?? 'Administrator',
      phone: '',
      passwordHash: await hashPassword(account.password),
      role: 'ADMIN',
    });
    return 'created';
  }

  const samePassword = await verifyPassword(owner.passwordHash, account.password);
  if (owner.role === 'ADMIN' && owner.status === 'active' && samePassword) return 'unchanged';
  const passwordHash = samePassword ? owner.passwordHash : await hashPassword(account.password);
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ role: 'ADMIN', status: 'active', passwordHash, updatedAt: now }).where(eq(users.id, owner.id));
    await endAccountAccess(tx, owner.id, now);
  });
  return 'updated';
}

function conflictMessage(account: AdminAccount, byEmail: { username: string } | undefined, byUsername: { email: string } | undefined): string {
  const refusal = `Refusing to set up the admin account ${account.email} / ${account.username}`;
  const fix = 'Choose an e-mail and a username that are both free, or both those of the one account to promote.';
  if (byEmail && byUsername) {
    return `${refusal}: the e-mail belongs to the account "${byEmail.username}" and the username to the account ${byUsername.email}. ${fix}`;
  }
  if (byEmail) return `${refusal}: the e-mail belongs to the account "${byEmail.username}", whose username differs. ${fix}`;
  return `${refusal}: the username belongs to the account ${byUsername!.email}, whose e-mail differs. ${fix}`;
}

/** Sets up the admin named by ADMIN_EMAIL / ADMIN_USERNAME / ADMIN_PASSWORD; a conflict stops the start. */
export async function bootstrapAdmin(deps: Pick<AppDeps, 'db' | 'config'>, logger: Logger): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_USERNAME, ADMIN_PASSWORD } = deps.config;
  if (!ADMIN_EMAIL && !ADMIN_USERNAME && !ADMIN_PASSWORD) return;
  if (!ADMIN_EMAIL || !ADMIN_USERNAME || !ADMIN_PASSWORD) {
    logger.warn('ADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD must all be set to create the first admin; skipped.');
    return;
  }
  let outcome: AdminOutcome;
  try {
    outcome = await upsertAdmin(deps, { email: ADMIN_EMAIL, username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  } catch (error) {
    if (error instanceof AdminConflictError) throw new StartupError(`ADMIN_EMAIL / ADMIN_USERNAME: ${error.message}`);
    throw error;
  }
  logger.info({ email: ADMIN_EMAIL }, `admin account ${outcome}`);
}
