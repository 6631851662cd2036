import { eq, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

export interface AdminAccount {
  email: string;
  username: string;
  password: string;
  name?: string;
}

/** Creates the admin, or promotes and resets the matching account. Never reachable from the register form. */
export async function upsertAdmin(deps: Pick<AppDeps, 'db'>, account: AdminAccount): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(account.password);
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, account.email.toLowerCase()), eq(sql`lower(${users.username})`, account.username.toLowerCase())))
    .limit(1);
  if (existing) {
    await deps.db
      .update(users)
      .set({ role: 'ADMIN', status: 'active', passwordHash, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return 'updated';
  }
  await deps.db.insert(users).values({
    username: account.username,
    email: account.email,
    name: account.name ?? 'Administrator',
    phone: '',
    passwordHash,
    role: 'ADMIN',
  });
  return 'created';
}

export async function bootstrapAdmin(deps: Pick<AppDeps, 'db' | 'config'>, logger: Logger): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_USERNAME, ADMIN_PASSWORD } = deps.config;
  if (!ADMIN_EMAIL && !ADMIN_USERNAME && !ADMIN_PASSWORD) return;
  if (!ADMIN_EMAIL || !ADMIN_USERNAME || !ADMIN_PASSWORD) {
    logger.warn('ADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD must all be set to create the first admin; skipped.');
    return;
  }
  const outcome = await upsertAdmin(deps, { email: ADMIN_EMAIL, username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  logger.info({ email: ADMIN_EMAIL }, `admin account ${outcome}`);
}
