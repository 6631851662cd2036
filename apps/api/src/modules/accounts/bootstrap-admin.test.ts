import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { StartupError } from '../../infra/errors';
import { createTestApp, type TestContext } from '../../test/harness';
import { AdminConflictError, bootstrapAdmin, upsertAdmin } from './bootstrap-admin';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { refreshCookieOf } from '../../test/sessions';

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

async function liveSessions(context: TestContext, userId: string) {
  const rows = await context.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
  return rows.filter((r) => !r.revokedAt).length;
}

const profile = (context: TestContext, user: TestUser) =>
  context.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });

describe('first admin from configuration (ADMIN_EMAIL / ADMIN_USERNAME / ADMIN_PASSWORD)', { timeout: 120_000 }, () => {
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

  it('promotes the one account holding both the e-mail and the username, resets its password and ends its sessions', async () => {
    ctx = await createTestApp();
    const existing = await createUser(ctx, { email: 'Owner@Example.com', username: 'Owner' });
    const refresh = refreshCookieOf(await login(ctx.app, existing.email, existing.password))!;
    const outcome = await upsertAdmin({ db: ctx.database.db }, { email: 'owner@example.com', username: 'owner', password: 'NewAdmin123!' });
    expect(outcome).toBe('updated');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row).toMatchObject({ role: 'ADMIN', status: 'active' });
    expect(await liveSessions(ctx, existing.id)).toBe(0);
    expect((await profile(ctx, existing)).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken: refresh } });
    expect(refreshed.statusCode).toBe(401);
    expect((await login(ctx.app, existing.email, existing.password)).statusCode).toBe(401);
    const admin = await login(ctx.app, existing.email, 'NewAdmin123!');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.role).toBe('ADMIN');
  });

  it('reactivates a suspended owner of both', async () => {
    ctx = await createTestApp();
    const existing = await createUser(ctx, { email: 'sleeper@example.com', username: 'sleeper', status: 'suspended' });
    expect(await upsertAdmin({ db: ctx.database.db }, { email: 'sleeper@example.com', username: 'sleeper', password: 'NewAdmin123!' })).toBe('updated');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row).toMatchObject({ role: 'ADMIN', status: 'active' });
  });

  it('leaves an admin who already has this password alone: a restart keeps their sessions', async () => {
    ctx = await createTestApp();
    const admin = await createAdmin(ctx, { email: 'steady@example.com', username: 'steady', password: 'Steady-pass-1' });
    const outcome = await upsertAdmin({ db: ctx.database.db }, { email: 'steady@example.com', username: 'steady', password: 'Steady-pass-1' });
    expect(outcome).toBe('unchanged');
    expect((await profile(ctx, admin)).statusCode).toBe(200);
  });

  it.each([
    ['the e-mail is taken by an account with another username', { email: 'taken@example.com', username: 'admin' }, 'the e-mail belongs to the account "victim", whose username differs'],
    ['the username is taken by an account with another e-mail', { email: 'admin@example.com', username: 'victim' }, 'the username belongs to the account taken@example.com, whose e-mail differs'],
    ['the e-mail and the username belong to two accounts', { email: 'taken@example.com', username: 'second' }, 'the e-mail belongs to the account "victim" and the username to the account second@example.com'],
  ])('refuses when %s, and changes nothing', async (_case, account, detail) => {
    ctx = await createTestApp();
    const victim = await createUser(ctx, { email: 'taken@example.com', username: 'victim' });
    await createUser(ctx, { email: 'second@example.com', username: 'second' });
    const before = await ctx.database.db.select().from(users);

    const attempt = upsertAdmin({ db: ctx.database.db }, { ...account, password: 'NewAdmin123!' });
    await expect(attempt).rejects.toThrow(AdminConflictError);
    await expect(attempt).rejects.toThrow(detail);

    expect(await ctx.database.db.select().from(users)).toEqual(before);
    expect((await profile(ctx, victim)).statusCode).toBe(200);
    expect((await login(ctx.app, victim.email, victim.password)).statusCode).toBe(200);
  });

  it('stops the start with one clear line on a conflict', async () => {
    ctx = await createTestApp();
    await createUser(ctx, { email: 'someone@example.com', username: 'admin' });
    const config = { ...ctx.config, ADMIN_EMAIL: 'boss@example.com', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'BossPass123!' };
    const start = bootstrapAdmin({ db: ctx.database.db, config }, fakeLogger());
    await expect(start).rejects.toThrow(StartupError);
    await expect(start).rejects.toThrow(
      'ADMIN_EMAIL / ADMIN_USERNAME: Refusing to set up the admin account boss@example.com / admin: the username belongs to the account someone@example.com, whose e-mail differs.',
    );
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

describe('npm run create-admin', { timeout: 320_000 }, () => {
  it('creates the admin, then refuses a username that belongs to it under another e-mail: exit 1 and the message', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-create-admin-'));
    const script = path.join(import.meta.dirname, '../../scripts/create-admin.ts');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 150_000,
      });
    try {
      const created = run('--email', 'chief@example.com', '--username', 'chief', '--password', 'Chief-pass-1');
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toContain('Admin chief@example.com created.');

      const refused = run('--email', 'other@example.com', '--username', 'chief', '--password', 'Other-pass-1');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        'Refusing to set up the admin account other@example.com / chief: the username belongs to the account chief@example.com, whose e-mail differs.',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
