import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { users } from '../../db/schema';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { createTestApp, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { login, refreshCookieOf } from '../../test/sessions';
import { CALLER_KEPT_MS, changesAccounts } from './session-callers';

// A signed-in caller is kept for a second per session (decision 043); outside tests only, as here.
const keeping = { config: { NODE_ENV: 'production' as const } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profileOn = (app: App, auth: Record<string, string>) => app.inject({ method: 'GET', url: '/api/users/profile', headers: auth });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(ctx: TestContext, user: TestUser) {
  const res = await login(ctx, user.username, user.password);
  expect(res.statusCode).toBe(200);
  return { auth: bearer(res.json().tokens.accessToken as string), cookie: refreshCookieOf(res)! };
}

describe(`signed-in callers kept for a second (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let admin: TestUser;
  const profile = (auth: Record<string, string>) => profileOn(ctx.app, auth);
  beforeAll(async () => {
    ctx = await createTestApp(keeping);
    admin = await createAdmin(ctx);
  });
  afterAll(() => ctx.close());

  it('answers a session from what it read for a second, then reads again', async () => {
    const user = await createUser(ctx);
    expect((await profile(user.auth)).statusCode).toBe(200);
    // Behind the service's back (as the create-admin command would write): no write announced it.
    await ctx.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await profile(user.auth)).statusCode).toBe(200);
    await wait(CALLER_KEPT_MS + 100);
    expect((await profile(user.auth)).statusCode).toBe(403);
  });

  it('ends a signed-out session at once', async () => {
    const user = await createUser(ctx);
    const session = await signIn(ctx, user);
    expect((await profile(session.auth)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: session.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await profile(session.auth)).statusCode).toBe(401);
    // The account's other session goes on.
    expect((await profile(user.auth)).statusCode).toBe(200);
  });

  it('shuts out a suspended account and applies a new role at once', async () => {
    const user = await createUser(ctx);
    const adminList = () => ctx.app.inject({ method: 'GET', url: '/api/users', headers: user.auth });
    expect((await adminList()).statusCode).toBe(403);
    const promoted = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${user.id}/role`, headers: admin.auth, payload: { role: 'ADMIN' } });
    expect(promoted.statusCode).toBe(200);
    expect((await adminList()).statusCode).toBe(200);
    await ctx.app.inject({ method: 'PATCH', url: `/api/users/${user.id}/role`, headers: admin.auth, payload: { role: 'USER' } });
    expect((await adminList()).statusCode).toBe(403);

    const suspended = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/status`,
      headers: admin.auth,
      payload: { status: 'suspended', reason: 'Kept callers test' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await profile(user.auth)).statusCode).toBe(403);
  });

  it("ends the account's other sessions at once when its password changes", async () => {
    const user = await createUser(ctx);
    const here = await signIn(ctx, user);
    expect((await profile(user.auth)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: here.auth,
      payload: { password: 'Brand-new-pass1', confirmPassword: 'Brand-new-pass1', oldPassword: user.password },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(here.auth)).statusCode).toBe(200);
    expect((await profile(user.auth)).statusCode).toBe(401);
  });

  it('is emptied by every write under /api/auth and /api/users, and only by those', () => {
    expect(changesAccounts('POST', '/api/auth/logout')).toBe(true);
    expect(changesAccounts(['PATCH'], '/api/users/:id/role')).toBe(true);
    expect(changesAccounts('PATCH', '/api/users/profile')).toBe(true);
    expect(changesAccounts('GET', '/api/users/profile')).toBe(false);
    expect(changesAccounts('POST', '/api/maintenance')).toBe(false);
    expect(changesAccounts('POST', '/api/usersx')).toBe(false);
  });
});

/** A sign-out on one node ends the session on the other at once: through the change bus. */
const busUrl = TEST_DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_TEST_URL;
describe.skipIf(!busUrl && !redisUrl)('signed-in callers on two nodes', () => {
  let ctx: TestContext;
  let first: App;
  let second: App;
  let redis: Redis | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { ...keeping.config, DATABASE_URL: busUrl } });
    redis = busUrl ? undefined : new Redis(redisUrl!);
    const node = async () => {
      const app = await buildApp({ config: ctx.config, db: ctx.database.db, clock: ctx.clock, storage: ctx.app.deps.storage, jwtSecret: ctx.config.JWT_SECRET!, redis });
      await app.ready();
      return app;
    };
    [first, second] = [await node(), await node()];
    // Let both nodes subscribe.
    await wait(500);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await ctx.close();
    redis?.disconnect();
  });

  it('refuses a token on the other node as soon as the sign-out has answered', async () => {
    const user = await createUser(ctx);
    const res = await first.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.username, password: user.password } });
    expect(res.statusCode).toBe(200);
    const auth = bearer(res.json().tokens.accessToken as string);
    expect((await profileOn(second, auth)).statusCode).toBe(200);
    const out = await first.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: refreshCookieOf(res)! } });
    expect(out.statusCode).toBe(200);
    // The bus delivers within a round trip; well inside the second a kept caller would last.
    await wait(50);
    expect((await profileOn(second, auth)).statusCode).toBe(401);
  });
});
