import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, createUser, type TestContext } from '../../test/harness';
import { bootstrapAdmin, upsertAdmin } from './bootstrap-admin';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

function fakeLogger() {
  return { info: vi.fn(), warn: vi.fn() } as unknown as Logger & {
    info: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
  };
}

async function login(app: TestContext['app'], emailOrUsername: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername, password } });
}

describe('first admin from configuration (ADMIN_EMAIL / ADMIN_USERNAME / ADMIN_PASSWORD)', { timeout: 60_000 }, () => {
  it('creates an active ADMIN who can log in and is sent the ADMIN role', async () => {
    ctx = await createTestApp({
      config: { ADMIN_EMAIL: 'boss@example.com', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'BossPass123!' },
    });
    const logger = fakeLogger();
    await bootstrapAdmin({ db: ctx.database.db, config: ctx.config }, logger);
    const res = await login(ctx.app, 'BOSS', 'BossPass123!');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('ADMIN');
    expect(logger.info).toHaveBeenCalledWith({ email: 'boss@example.com' }, 'admin account created');
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain('BossPass123!');
  });

  it('promotes and reactivates an existing account with that e-mail, resetting its password', async () => {
    ctx = await createTestApp();
    const existing = await createUser(ctx, { email: 'Owner@Example.com', status: 'suspended' });
    const outcome = await upsertAdmin(
      { db: ctx.database.db },
      { email: 'owner@example.com', username: 'owner', password: 'NewAdmin123!' },
    );
    expect(outcome).toBe('updated');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row).toMatchObject({ role: 'ADMIN', status: 'active' });
    expect((await login(ctx.app, existing.email, existing.password)).statusCode).toBe(401);
    expect((await login(ctx.app, existing.email, 'NewAdmin123!')).statusCode).toBe(200);
  });

  it('does nothing without configuration, and warns when only part of it is set', async () => {
    ctx = await createTestApp({ config: { ADMIN_EMAIL: 'half@example.com' } });
    const logger = fakeLogger();
    await bootstrapAdmin({ db: ctx.database.db, config: ctx.config }, logger);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'half@example.com'))).toHaveLength(0);

    const quiet = fakeLogger();
    await bootstrapAdmin({ db: ctx.database.db, config: { ...ctx.config, ADMIN_EMAIL: undefined } }, quiet);
    expect(quiet.warn).not.toHaveBeenCalled();
    expect(quiet.info).not.toHaveBeenCalled();
  });
});
