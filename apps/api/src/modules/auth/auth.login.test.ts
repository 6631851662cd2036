import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, users } from '../../db/schema';
import { INACTIVE_ACCOUNT_MESSAGE } from './caller';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { createAdmin, createUser } from '../../test/factories';
import { login, refreshCookieOf } from '../../test/sessions';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const eventsOf = (userId: string) =>
  ctx.database.db.select().from(signInEvents).where(eq(signInEvents.userId, userId)).orderBy(desc(signInEvents.createdAt));

describe('POST /api/auth/login', () => {
  it('logs in by username or e-mail, in any case, with status, tokens and the role', async () => {
    const user = await createUser(ctx, { password: 'Secret123!' });
    for (const identifier of [user.username, user.email, user.username.toUpperCase(), `  ${user.email.toUpperCase()} `]) {
      const res = await login(ctx, identifier, 'Secret123!', { remoteAddress: '10.0.0.1' });
      expect(res.statusCode, identifier).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'SUCCESS', data: { _id: user.id, username: user.username, role: 'USER' } });
      expect(body.tokens.accessToken).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toMatch(/password/i);
      expect(refreshCookieOf(res)).toEqual(expect.any(String));
    }
    const admin = await createAdmin(ctx);
    const res = await login(ctx, admin.email, admin.password);
    expect(res.json().data.role).toBe('ADMIN');
  });

  it('records successful and failed sign-ins with IP and user agent', async () => {
    const user = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: user.email, password: 'Wrong-password-1' },
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: user.email, password: user.password },
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
    const events = await eventsOf(user.id);
    expect(events).toHaveLength(2);
    expect(events.map((e) => ({ success: e.success, reason: e.reason, ip: e.ip, userAgent: e.userAgent, identifier: e.identifier }))).toEqual(
      expect.arrayContaining([
        { success: false, reason: 'Wrong password', ip: '203.0.113.7', userAgent: 'TestBrowser/1.0', identifier: user.email },
        { success: true, reason: null, ip: '203.0.113.7', userAgent: 'TestBrowser/1.0', identifier: user.email },
      ]),
    );
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('refuses a missing identifier and a short password with the spec messages', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      emailOrUsername: 'Email or username is required',
      password: 'Password must be at least 8 characters.',
    });
    const blank = await login(ctx, '   ', 'Password123!');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ emailOrUsername: 'Email or username is required' });
    const short = await login(ctx, 'someone', 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: 'Password must be at least 8 characters.' });
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const user = await createUser(ctx);
    const wrong = await login(ctx, user.username, 'Not-the-password');
    const unknown = await login(ctx, 'nobody_at_all', 'Not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: 'ERROR',
        statusCode: 401,
        message: 'Invalid email/username or password',
        error: { message: 'Invalid email/username or password' },
      });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
    const [event] = await ctx.database.db.select().from(signInEvents).where(eq(signInEvents.identifier, 'nobody_at_all'));
    expect(event).toMatchObject({ userId: null, success: false, reason: 'Unknown account' });
  });

  it.each(['inactive', 'suspended'] as const)('refuses an %s account with 403, and its tokens stop working', async (status) => {
    const user = await createUser(ctx, { status });
    const res = await login(ctx, user.username, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(INACTIVE_ACCOUNT_MESSAGE);
    expect(refreshCookieOf(res)).toBeUndefined();
    const [event] = await eventsOf(user.id);
    expect(event).toMatchObject({ success: false, reason: status === 'inactive' ? 'Account inactive' : 'Account suspended' });

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe(INACTIVE_ACCOUNT_MESSAGE);
  });

  it('refuses a suspended account wrong password with the generic 401 (no account probing)', async () => {
    const user = await createUser(ctx, { status: 'suspended' });
    const res = await login(ctx, user.username, 'Not-the-password');
    expect(res.statusCode).toBe(401);
  });

  it('works with no token and a valid one, and refuses a bad token', async () => {
    const user = await createUser(ctx);
    const valid = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: user.username, password: user.password },
      headers: user.auth,
    });
    expect(valid.statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: user.username, password: user.password },
      headers: { authorization: 'Bearer forged.token.value' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('login rate limits', () => {
  let limited: TestContext;
  const clock = fixedClock('2025-03-01T10:00:00Z');
  beforeAll(async () => {
    limited = await createTestApp({ clock, config: { LOGIN_RATE_LIMIT: 3, LOGIN_RATE_WINDOW_SECONDS: 600 } });
  });
  afterAll(() => limited.close());

  it('blocks an address after the configured failures on one account, until the window passes', async () => {
    const user = await createUser(limited);
    for (let i = 1; i <= 3; i += 1) {
      expect((await login(limited, user.username, 'Wrong-password', { remoteAddress: '198.51.100.1' })).statusCode).toBe(401);
    }
    const blocked = await login(limited, user.email, user.password, { remoteAddress: '198.51.100.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 'ERROR', statusCode: 429, message: 'Too many login attempts. Please try again in 10 minutes.' });
    expect(blocked.headers['retry-after']).toBe('600');
    const [event] = await limited.database.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, user.id))
      .orderBy(desc(signInEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({ success: false, reason: 'Too many attempts' });

    clock.advance(601_000);
    expect((await login(limited, user.email, user.password, { remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
  });

  it('a stranger’s failures never lock the owner out: from another address the owner waits at most a second', async () => {
    const user = await createUser(limited);
    for (let i = 1; i <= 3; i += 1) await login(limited, user.username, 'Wrong-password', { remoteAddress: '198.51.100.66' });
    // The stranger keeps trying; refused attempts count for nothing, so the owner's wait does not grow.
    for (let i = 0; i < 5; i += 1) {
      expect((await login(limited, user.username, 'Wrong-password', { remoteAddress: '198.51.100.66' })).statusCode).toBe(429);
      clock.advance(1_000);
    }
    expect((await login(limited, user.email, user.password, { remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });

  it('slows an account down when many addresses fail on it; the owner gets in after the short wait', async () => {
    const user = await createUser(limited);
    for (let i = 1; i <= 3; i += 1) {
      expect((await login(limited, user.username, 'Wrong-password', { remoteAddress: `198.51.100.${10 + i}` })).statusCode).toBe(401);
    }
    const slowed = await login(limited, user.email, user.password, { remoteAddress: '198.51.100.19' });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('Too many login attempts. Please try again in 1 second.');
    expect(slowed.headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await login(limited, user.email, user.password, { remoteAddress: '198.51.100.19' })).statusCode).toBe(200);
  });

  it('never slows a browser that signed in to the account before', async () => {
    const user = await createUser(limited);
    const first = await login(limited, user.username, user.password, { remoteAddress: '203.0.113.20' });
    const device = first.cookies.find((c) => c.name === 'loginDevice');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    for (let i = 1; i <= 8; i += 1) await login(limited, user.username, 'Wrong-password', { remoteAddress: `198.51.100.${30 + i}` });
    const stranger = await login(limited, user.username, user.password, { remoteAddress: '203.0.113.21' });
    expect(stranger.statusCode).toBe(429);
    const owner = await login(limited, user.username, user.password, { remoteAddress: '203.0.113.21', cookies: { loginDevice: device!.value } });
    expect(owner.statusCode).toBe(200);
    // The proof is bound to its account: it does nothing for another one.
    const other = await createUser(limited);
    for (let i = 1; i <= 3; i += 1) await login(limited, other.username, 'Wrong-password', { remoteAddress: `198.51.100.${50 + i}` });
    const borrowed = await login(limited, other.username, other.password, { remoteAddress: '203.0.113.22', cookies: { loginDevice: device!.value } });
    expect(borrowed.statusCode).toBe(429);
  });

  it('blocks an address after five times the limit, whatever the accounts', async () => {
    const user = await createUser(limited);
    for (let i = 1; i <= 15; i += 1) {
      expect((await login(limited, `ghost${i}`, 'Wrong-password', { remoteAddress: '192.0.2.50' })).statusCode).toBe(401);
    }
    expect((await login(limited, user.username, user.password, { remoteAddress: '192.0.2.50' })).statusCode).toBe(429);
    expect((await login(limited, user.username, user.password, { remoteAddress: '192.0.2.51' })).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const user = await createUser(limited);
    const ip = () => `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 2; i += 1) await login(limited, user.username, 'Wrong-password', { remoteAddress: ip() });
    expect((await login(limited, user.username, user.password, { remoteAddress: ip() })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) await login(limited, user.username, 'Wrong-password', { remoteAddress: ip() });
    expect((await login(limited, user.username, user.password, { remoteAddress: ip() })).statusCode).toBe(200);
  });
});
