import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTokens, signInEvents, users } from '../db/schema';
import { hashToken } from '../infra/tokens';
import argon2 from 'argon2';
import { createTestApp, fixedClock, type TestContext } from '../test/harness';
import { login, refreshCookieOf } from '../test/sessions';
import { multipart } from '../test/multipart';
import { createAdmin, createUser } from '../test/factories';

// Every argon2 verification the server runs, counted (infra/passwords.ts calls argon2.verify). A spy
// on the library's object, not a module mock: the files of a worker share their modules (vitest.config.ts).
const verify = vi.spyOn(argon2, 'verify');
afterAll(() => verify.mockRestore());

const LIMIT = 10;

describe('rate limits cannot be lifted by the request itself', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { LOGIN_RATE_LIMIT: LIMIT, API_RATE_LIMIT: 5 } });
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For for the API limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/vehicles',
        remoteAddress: '198.51.100.201',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('counts an encoded path (/%61pi/...) against the API limit like the plain one', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/%61pi/vehicles', remoteAddress: '198.51.100.202' });
    expect(first.statusCode).toBe(200);
    const statuses = [first.statusCode];
    for (let i = 0; i < 7; i += 1) {
      const url = i % 2 ? '/%61pi/vehicles' : '/%61%70%69/vehicles';
      statuses.push((await ctx.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.202' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('believes X-Forwarded-For from a configured proxy only', async () => {
    const behindProxy = await createTestApp({ database: ctx.database, config: { TRUST_PROXY: ['192.0.2.1'] } });
    try {
      const user = await createUser(behindProxy);
      const through = (remoteAddress: string) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          headers: { 'x-forwarded-for': '203.0.113.77' },
          payload: { emailOrUsername: user.username, password: 'Wrong-password' },
        });
      await through('192.0.2.1');
      await through('192.0.2.9');
      const events = await behindProxy.database.db.select().from(signInEvents).where(eq(signInEvents.userId, user.id));
      expect(events.map((e) => e.ip).sort()).toEqual(['192.0.2.9', '203.0.113.77']);
    } finally {
      await behindProxy.close();
    }
  });

  it('with a hop count, believes that many proxies and no more', async () => {
    const oneHop = await createTestApp({ database: ctx.database, config: { TRUST_PROXY: 1 } });
    try {
      const user = await createUser(oneHop);
      const res = await oneHop.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.1',
        headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.88' },
        payload: { emailOrUsername: user.username, password: 'Wrong-password' },
      });
      expect(res.statusCode).toBe(401);
      const events = await oneHop.database.db.select().from(signInEvents).where(eq(signInEvents.userId, user.id));
      expect(events.map((e) => e.ip)).toEqual(['203.0.113.88']);
    } finally {
      await oneHop.close();
    }
  });
});

describe('login bursts and lock-outs', { timeout: 120_000 }, () => {
  const clock = fixedClock('2026-02-02T10:00:00Z');
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ clock, config: { LOGIN_RATE_LIMIT: LIMIT } });
  });
  afterAll(() => ctx.close());

  const wrong = (identifier: string, remoteAddress: string) => login(ctx, identifier, 'Wrong-password', { remoteAddress });

  it('ignores X-Forwarded-For unless a proxy is configured: rotating it neither lifts the login limit nor forges the audit', async () => {
    const user = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.200',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { emailOrUsername: user.username, password: 'Wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    const events = await ctx.database.db.select().from(signInEvents).where(eq(signInEvents.userId, user.id));
    expect(new Set(events.map((e) => e.ip))).toEqual(new Set(['198.51.100.200']));
  });

  it('150 concurrent wrong passwords for one account from one address run at most the limit of argon2 checks', async () => {
    const user = await createUser(ctx);
    verify.mockClear();
    const results = await Promise.all(Array.from({ length: 150 }, () => wrong(user.username, '198.51.100.10')));
    const checks = verify.mock.calls.length;
    console.info(`argon2 checks in a 150-request burst from one address: ${checks} (limit ${LIMIT})`);
    expect(checks).toBeLessThanOrEqual(LIMIT);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(checks);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(150 - checks);
  });

  it('150 concurrent wrong passwords for one account from 150 addresses run at most the limit too', async () => {
    const user = await createUser(ctx);
    verify.mockClear();
    await Promise.all(Array.from({ length: 150 }, (_, i) => wrong(user.email, `10.9.${Math.floor(i / 200)}.${i + 1}`)));
    const checks = verify.mock.calls.length;
    console.info(`argon2 checks in a 150-request burst from 150 addresses: ${checks} (limit ${LIMIT})`);
    expect(checks).toBeLessThanOrEqual(LIMIT);
  });

  it('a stranger cannot lock the owner (the admin included) out', async () => {
    const admin = await createAdmin(ctx);
    for (let i = 0; i < 3 * LIMIT; i += 1) await wrong(admin.email, '198.51.100.66');
    // From the owner's own address: at most a short pause, never the 15-minute block.
    const owner = await login(ctx, admin.email, admin.password, { remoteAddress: '203.0.113.5' });
    if (owner.statusCode === 429) {
      expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(1);
      clock.advance(1_000);
      expect((await login(ctx, admin.email, admin.password, { remoteAddress: '203.0.113.5' })).statusCode).toBe(200);
    } else {
      expect(owner.statusCode).toBe(200);
    }
  });

  it('strangers on many addresses only slow the account down, and never a browser its owner signed in from', async () => {
    const user = await createUser(ctx);
    const earlier = await login(ctx, user.username, user.password, { remoteAddress: '203.0.113.6' });
    const device = earlier.cookies.find((c) => c.name === 'loginDevice')!.value;
    for (let i = 0; i < 40; i += 1) await wrong(user.username, `10.8.0.${i + 1}`);
    const unknown = await login(ctx, user.username, user.password, { remoteAddress: '203.0.113.7' });
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers['retry-after'])).toBeLessThanOrEqual(30);
    const known = await login(ctx, user.username, user.password, { remoteAddress: '203.0.113.6', cookies: { loginDevice: device } });
    expect(known.statusCode).toBe(200);
    clock.advance(Number(unknown.headers['retry-after']) * 1000);
    expect((await login(ctx, user.username, user.password, { remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
  });
});

describe('access tokens end with their session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
  async function signIn(user: { username: string; password: string }) {
    const res = await login(ctx, user.username, user.password);
    expect(res.statusCode).toBe(200);
    return { accessToken: res.json().tokens.accessToken as string, refresh: refreshCookieOf(res)! };
  }

  it('after logout', async () => {
    const user = await createUser(ctx);
    const session = await signIn(user);
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { refreshToken: session.refresh } });
    const after = await profile(session.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 'ERROR', message: 'Your session has expired. Please log in again.' });
  });

  it('after a password change, on every other device', async () => {
    const user = await createUser(ctx);
    const other = await signIn(user);
    const form = multipart({ password: 'Changed-pass-1', oldPassword: user.password });
    const changed = await ctx.app.inject({ method: 'PATCH', url: '/api/users/profile', payload: form.payload, headers: { ...form.headers, ...user.auth } });
    expect(changed.statusCode).toBe(200);
    expect((await profile(other.accessToken)).statusCode).toBe(401);
    // The device that made the change keeps its session and its access token.
    expect((await profile(user.token)).statusCode).toBe(200);
  });

  it('after an admin revokes the sessions, and after a refresh token is replayed', async () => {
    const admin = await createAdmin(ctx);
    const user = await createUser(ctx);
    const session = await signIn(user);
    const revoked = await ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}/revoke-sessions`, headers: admin.auth });
    expect(revoked.statusCode).toBe(200);
    expect((await profile(session.accessToken)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(401);

    const stolen = await signIn(user);
    const rotated = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken: stolen.refresh } });
    const fresh = rotated.json().tokens.accessToken as string;
    expect((await profile(fresh)).statusCode).toBe(200);
    // Replayed a minute after its rotation, past the grace two tabs get.
    await ctx.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(stolen.refresh)));
    await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken: stolen.refresh } });
    expect((await profile(fresh)).statusCode).toBe(401);
  });

  it('a session id belongs to its own user only', async () => {
    const victim = await createUser(ctx);
    const attacker = await createUser(ctx);
    const victimSid = JSON.parse(Buffer.from(victim.token.split('.')[1]!, 'base64url').toString()).sid as string;
    const forged = await rawToken({ sub: attacker.id, role: 'USER', sid: victimSid });
    // Signed with the real key, so only the session binding refuses it.
    expect((await profile(forged)).statusCode).toBe(401);
  });

  async function rawToken(claims: Record<string, unknown>, options: { iat?: number | null; exp?: number | null } = {}) {
    const now = Math.floor(Date.now() / 1000);
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
    if (options.iat !== null) jwt = jwt.setIssuedAt(options.iat ?? now);
    if (options.exp !== null) jwt = jwt.setExpirationTime(options.exp ?? now + 600);
    return jwt.sign(new TextEncoder().encode(ctx.config.JWT_SECRET!));
  }

  it('refuses tokens with missing or malformed claims with 401, never 500', async () => {
    const user = await createUser(ctx);
    const sid = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()).sid as string;
    expect((await profile(await rawToken({ sub: user.id, role: 'USER', sid }))).statusCode).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const bad: [string, Promise<string>][] = [
      ['no exp', rawToken({ sub: user.id, role: 'USER', sid }, { exp: null })],
      ['no iat', rawToken({ sub: user.id, role: 'USER', sid }, { iat: null })],
      ['iat in the future', rawToken({ sub: user.id, role: 'USER', sid }, { iat: now + 3600, exp: now + 3700 })],
      ['a lifetime of a year', rawToken({ sub: user.id, role: 'USER', sid }, { exp: now + 365 * 86_400 })],
      ['no sid (an old token)', rawToken({ sub: user.id, role: 'USER' })],
      ['a sid that is not a UUID', rawToken({ sub: user.id, role: 'USER', sid: 'x' })],
      ['an unknown sid', rawToken({ sub: user.id, role: 'USER', sid: randomUUID() })],
      ['a sub that is not a UUID', rawToken({ sub: 'not-a-uuid', role: 'USER', sid })],
      ['no sub', rawToken({ role: 'USER', sid })],
      ['an unknown role', rawToken({ sub: user.id, role: 'ROOT', sid })],
    ];
    for (const [name, token] of bad) {
      const res = await profile(await token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toMatchObject({ status: 'ERROR', statusCode: 401 });
    }
  });

  it('refuses a token whose account was deleted', async () => {
    const user = await createUser(ctx);
    await ctx.database.db.delete(users).where(and(eq(users.id, user.id), eq(users.role, 'USER')));
    expect((await profile(user.token)).statusCode).toBe(401);
  });
});
