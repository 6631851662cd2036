import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { hashToken } from '../../infra/tokens';
import { INACTIVE_ACCOUNT_MESSAGE } from './caller';
import { ROTATION_GRACE_MS } from './sessions';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { revokeUserSessions } from './session.repository';
import { createUser } from '../../test/factories';
import { login, refreshCookieOf } from '../../test/sessions';

const clock = fixedClock('2025-06-02T09:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

async function signIn() {
  const user = await createUser(ctx);
  const res = await login(ctx, user.username, user.password);
  expect(res.statusCode).toBe(200);
  return { user, accessToken: res.json().tokens.accessToken as string, refresh: refreshCookieOf(res)! };
}

const refresh = (cookie?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', ...(cookie ? { cookies: { refreshToken: cookie } } : {}), headers });
const logout = (cookie?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/logout', ...(cookie ? { cookies: { refreshToken: cookie } } : {}), headers });
const profile = (accessToken: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${accessToken}` } });

describe('access tokens', () => {
  it('expire after 15 minutes; the refresh cookie then gives a new one', async () => {
    const session = await signIn();
    clock.advance(14 * 60_000);
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const expired = await profile(session.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired. Please log in again.');

    const renewed = await refresh(session.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await profile(renewed.json().tokens.accessToken)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new access token, a new refresh cookie, the user', async () => {
    const session = await signIn();
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'SUCCESS', data: { _id: session.user.id, role: 'USER' } });
    expect(body.tokens.accessToken).toEqual(expect.any(String));
    const next = res.cookies.find((c) => c.name === 'refreshToken')!;
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(next.value).not.toBe(session.refresh);

    const [old] = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(session.refresh)));
    const [fresh] = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(next.value)));
    expect(old!.rotatedAt).not.toBeNull();
    expect(fresh!.familyId).toBe(old!.familyId);
    expect((await refresh(next.value)).statusCode).toBe(200);
  });

  it('stores refresh tokens only as hashes', async () => {
    const session = await signIn();
    const rows = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.user.id));
    // The test user's own first session (from createUser) and the login's.
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(session.refresh));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(session.refresh);
  });

  it('treats a token replayed after the grace as theft and ends the whole family', async () => {
    const session = await signIn();
    const first = await refresh(session.refresh);
    const rotated = refreshCookieOf(first)!;
    clock.advance(ROTATION_GRACE_MS + 1000);
    const replay = await refresh(session.refresh);
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate successor.
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('leaves other sessions alone when one family is revoked', async () => {
    const session = await signIn();
    const other = refreshCookieOf(await login(ctx, session.user.username, session.user.password))!;
    await refresh(session.refresh);
    clock.advance(ROTATION_GRACE_MS + 1000);
    await refresh(session.refresh);
    expect((await refresh(other)).statusCode).toBe(200);
  });

  it('refuses no cookie, an unknown cookie and an expired one, and clears the cookie', async () => {
    const none = await refresh();
    expect(none.statusCode).toBe(401);
    const unknown = await refresh('not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    const cleared = unknown.cookies.find((c) => c.name === 'refreshToken');
    expect(cleared?.value).toBe('');

    const session = await signIn();
    clock.advance(31 * 24 * 60 * 60_000);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it.each(['inactive', 'suspended'] as const)('refuses an %s account with 403', async (status) => {
    const session = await signIn();
    await ctx.database.db.update(users).set({ status }).where(eq(users.id, session.user.id));
    const res = await refresh(session.refresh);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(INACTIVE_ACCOUNT_MESSAGE);
    expect((await profile(session.accessToken)).statusCode).toBe(403);
  });

  it('works with no bearer token and a valid one, and refuses a bad one', async () => {
    const session = await signIn();
    const valid = await refresh(session.refresh, { authorization: `Bearer ${session.accessToken}` });
    expect(valid.statusCode).toBe(200);
    expect((await refresh(refreshCookieOf(valid), { authorization: 'Bearer bad' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const session = await signIn();
    const res = await logout(session.refresh, { authorization: `Bearer ${session.accessToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', data: null });
    const cleared = res.cookies.find((c) => c.name === 'refreshToken')!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth');
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('answers 200 without a cookie or a token, and refuses a bad token', async () => {
    expect((await logout()).statusCode).toBe(200);
    expect((await logout(undefined, { authorization: 'Bearer bad' })).statusCode).toBe(401);
  });

  it('a new login on the same device ends the previous session', async () => {
    const session = await signIn();
    const again = await login(ctx, session.user.username, session.user.password, { cookies: { refreshToken: session.refresh } });
    expect(again.statusCode).toBe(200);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(again))).statusCode).toBe(200);
  });
});

describe('revokeUserSessions', () => {
  it('ends every session of a user except the one spared', async () => {
    const session = await signIn();
    const second = refreshCookieOf(await login(ctx, session.user.username, session.user.password))!;
    const third = refreshCookieOf(await login(ctx, session.user.username, session.user.password))!;
    const [spared] = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(third)));
    await revokeUserSessions(ctx.database.db, session.user.id, clock.now(), spared!.familyId);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(200);

    await revokeUserSessions(ctx.database.db, session.user.id, clock.now());
    const rows = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });
});
