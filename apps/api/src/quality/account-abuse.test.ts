import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, refreshTokens } from '../db/schema';
import { hashToken } from '../infra/tokens';
import { ROTATION_GRACE_MS } from '../modules/auth/sessions';
import { renderEmail } from '../mail/templates';
import { createTestApp, fixedClock, type TestContext } from '../test/harness';
import { createUser, registrationFields } from '../test/factories';
import { multipart } from '../test/multipart';
import { login, refreshCookieOf, register } from '../test/sessions';

// Accounts against an outsider: two tabs refreshing one session at once, sign-ups in bulk from one
// address (each e-mailing an unverified address), and invisible characters (bidi overrides, zero-width) in the text other people read.

const clock = fixedClock('2026-06-10T14:30:00Z');
const SIGNUP_LIMIT = 4;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { SIGNUP_RATE_LIMIT: SIGNUP_LIMIT } });
});
afterAll(() => ctx.close());

const refresh = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken: cookie } });
const profile = (accessToken: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${accessToken}` } });

async function signIn() {
  const user = await createUser(ctx);
  const res = await login(ctx, user.username, user.password);
  expect(res.statusCode).toBe(200);
  return { user, refresh: refreshCookieOf(res)! };
}

describe('two refreshes of one session at the same moment (two tabs)', () => {
  it('both succeed with the same new refresh cookie, and the session goes on', async () => {
    const session = await signIn();
    const [first, second] = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const next = refreshCookieOf(first)!;
    expect(refreshCookieOf(second)).toBe(next);
    for (const res of [first, second]) expect((await profile(res.json().tokens.accessToken)).statusCode).toBe(200);
    // One live token in the family, not a branch per tab.
    const live = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.user.id));
    const [rotated] = live.filter((r) => r.tokenHash === hashToken(session.refresh));
    expect(live.filter((r) => r.familyId === rotated!.familyId && !r.rotatedAt && !r.revokedAt)).toHaveLength(1);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('a tab still on the old cookie after the other refreshed twice (within the grace) joins the newest token', async () => {
    const session = await signIn();
    const once = refreshCookieOf(await refresh(session.refresh))!;
    clock.advance(2000);
    const twice = refreshCookieOf(await refresh(once))!;
    clock.advance(2000);
    const late = await refresh(session.refresh);
    clock.set('2026-06-10T14:30:00Z');
    expect(late.statusCode).toBe(200);
    expect(refreshCookieOf(late)).toBe(twice);
  });

  it(`a token reused after the ${ROTATION_GRACE_MS / 1000} s grace is still theft: the whole session ends`, async () => {
    const session = await signIn();
    const next = await refresh(session.refresh);
    const nextCookie = refreshCookieOf(next)!;
    const access = next.json().tokens.accessToken as string;
    clock.advance(ROTATION_GRACE_MS + 1000);
    try {
      expect((await refresh(session.refresh)).statusCode).toBe(401);
      expect((await refresh(nextCookie)).statusCode).toBe(401);
      expect((await profile(access)).statusCode).toBe(401);
    } finally {
      clock.set('2026-06-10T14:30:00Z');
    }
  });
});

describe('sign-ups from one address', () => {
  const signUp = (ip: string, fields = registrationFields()) => {
    const form = multipart(fields);
    return ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...form, remoteAddress: ip });
  };
  const welcomes = async () => (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.kind, 'welcome'))).length;

  it(`are limited to SIGNUP_RATE_LIMIT (${SIGNUP_LIMIT} here) an hour, each one a welcome e-mail; other addresses are not touched`, async () => {
    const before = await welcomes();
    for (let i = 0; i < SIGNUP_LIMIT; i++) expect((await signUp('203.0.113.90')).statusCode).toBe(201);
    const refused = await signUp('203.0.113.90');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many new accounts from this network. Please try again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await welcomes()).toBe(before + SIGNUP_LIMIT);
    // IPv6 counts by its /64, so rotating addresses within one's own network does not help.
    for (let i = 0; i < SIGNUP_LIMIT; i++) expect((await signUp(`2001:db8:1:2::${i + 1}`)).statusCode).toBe(201);
    expect((await signUp('2001:db8:1:2::ff')).statusCode).toBe(429);
    expect((await signUp('203.0.113.91')).statusCode).toBe(201);

    clock.advance(60 * 60 * 1000 + 1000);
    try {
      expect((await signUp('203.0.113.90')).statusCode).toBe(201);
    } finally {
      clock.set('2026-06-10T14:30:00Z');
    }
  });

  it("the welcome e-mail to the unverified address carries none of the sign-up's own text", async () => {
    const pitch = 'Claim your prize at https://evil.example';
    const fields = registrationFields({ name: pitch });
    expect((await signUp('203.0.113.93', fields)).statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, fields.email!));
    const mail = renderEmail({ kind: 'welcome', to: row!.toAddress, data: row!.payload as { name: string } }, {
      baseUrl: 'https://cars.example.com',
      timeZone: 'America/New_York',
      now: clock.now(),
      workshop: { address: '1 Main St', phone: '+1 555 0100' },
      sender: 'shop@example.com',
    });
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toContain('If that was not you, ignore this e-mail.');
  });

  it('a refused form (taken username, bad field) does not use up the budget', async () => {
    const taken = await createUser(ctx);
    for (let i = 0; i < SIGNUP_LIMIT + 2; i++) {
      const form = multipart(registrationFields({ username: taken.username }));
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...form, remoteAddress: '203.0.113.92' });
      expect(res.statusCode).toBe(409);
    }
    expect((await signUp('203.0.113.92')).statusCode).toBe(201);
  });
});

describe('invisible characters in text other people read', () => {
  const RLO = '\u202E';
  const ZWSP = '\u200B';

  it('are stripped from a listing title, make and model, and from names', async () => {
    const user = await createUser(ctx);
    const form = multipart({ make: `${ZWSP}Honda`, model: `Civ${'\u200D'}ic`, year: '2018', price: '9000', title: `Honda ${RLO}cod.exe Civic${'\uFEFF'}`, description: `Great ${ZWSP}car, one owner.` });
    const created = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', ...form, headers: { ...form.headers, ...user.auth } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ make: 'Honda', model: 'Civic', title: 'Honda cod.exe Civic', description: 'Great car, one owner.' });

    const signedUp = await register(ctx, registrationFields({ name: `Ja${RLO}ne ${ZWSP}Doe` }));
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.json().data.name).toBe('Jane Doe');
  });

  it('leave a required field made only of them empty, with the spec message', async () => {
    const user = await createUser(ctx);
    const form = multipart({ make: `${ZWSP}${RLO}`, model: 'Civic', year: '2018', price: '9000', title: ZWSP });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', ...form, headers: { ...form.headers, ...user.auth } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ make: 'Make is required', title: 'Title is required' });
  });
});
