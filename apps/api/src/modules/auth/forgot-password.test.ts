import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE } from '@dealer/shared';
import { emailMessages } from '../../db/schema';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { QUEUES } from '../../infra/jobs';
import { RESETS_PER_ADDRESS, RESETS_PER_IP, RESET_PACE_MAX_SECONDS, TOO_MANY_RESETS, resetRequestJob } from './forgot-password';
import { createUser } from '../../test/factories';
import { runQueuedJobs } from '../../test/jobs';

let ctx: TestContext;
let clock: ReturnType<typeof fixedClock>;
let ipCounter = 0;
/** Each test speaks from its own address, so the per-address limit of one test does not touch another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  clock = fixedClock('2026-06-10T14:30:00Z');
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

/** Asks for a link, then runs the queued request as the background worker would. */
async function forgot(email: unknown, ip = nextIp()) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
  await runQueuedJobs(ctx.database.db, QUEUES.resetRequests.name, resetRequestJob({ db: ctx.database.db, clock }));
  return res;
}

async function resetMails(to: string) {
  return ctx.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, to), eq(emailMessages.kind, 'password-reset')));
}

async function tokenFor(to: string): Promise<string> {
  const rows = await resetMails(to);
  const latest = rows.sort((a, b) => +b.createdAt - +a.createdAt)[0];
  return (latest!.payload as { token: string }).token;
}

function reset(token: string, password = 'NewPassword123!') {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { token, password, confirmPassword: password } });
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same neutral message for a known and an unknown address, and e-mails only the account', async () => {
    const user = await createUser(ctx);
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'SUCCESS', data: { message: FORGOT_PASSWORD_MESSAGE } });
    expect(unknown.json()).toEqual(known.json());
    expect(await resetMails(user.email)).toHaveLength(1);
    expect(await resetMails('nobody-here@example.com')).toHaveLength(0);
    const [mail] = await resetMails(user.email);
    expect(mail!.subject).toBe('Reset your Apex Motors password');
  });

  it('sends nothing to a suspended account, with the same answer', async () => {
    const user = await createUser(ctx, { status: 'suspended' });
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(FORGOT_PASSWORD_MESSAGE);
    expect(await resetMails(user.email)).toHaveLength(0);
  });

  it('refuses a missing or malformed address with its message', async () => {
    for (const [email, message] of [
      ['', 'Email is required'],
      ['not-an-address', 'Invalid email address'],
      [undefined, 'Email is required'],
    ] as const) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });

  it('the link sets a new password once, and ends every session', async () => {
    const user = await createUser(ctx, { password: 'OldPassword123!' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth })).statusCode).toBe(200);
    await forgot(user.email);
    const token = await tokenFor(user.email);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.auth })).statusCode).toBe(401);
    const again = await reset(token, 'Another123!');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This reset link is invalid or has expired.');

    const login = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: user.email, password } });
    expect((await login('NewPassword123!')).statusCode).toBe(200);
    expect((await login('OldPassword123!')).statusCode).toBe(401);
  });

  it('the link expires after 1 hour', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const token = await tokenFor(user.email);
    clock.advance(60 * 60 * 1000 + 1000);
    try {
      const res = await reset(token);
      expect(res.statusCode).toBe(410);
    } finally {
      clock.set('2026-06-10T14:30:00Z');
    }
  });

  it('a new request replaces the earlier link', async () => {
    const user = await createUser(ctx);
    const ip = nextIp();
    await forgot(user.email, ip);
    const first = await tokenFor(user.email);
    clock.advance(1000);
    await forgot(user.email, ip);
    clock.set('2026-06-10T14:30:00Z');
    const second = await tokenFor(user.email);
    expect(second).not.toBe(first);
    expect((await reset(first)).statusCode).toBe(410);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it(`limits one client to ${RESETS_PER_ADDRESS} requests per address an hour`, async () => {
    const user = await createUser(ctx);
    const ip = nextIp();
    for (let i = 0; i < RESETS_PER_ADDRESS; i++) expect((await forgot(user.email, ip)).statusCode).toBe(200);
    const refused = await forgot(user.email, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_RESETS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await resetMails(user.email)).toHaveLength(RESETS_PER_ADDRESS);
    // An unknown address is limited the same way, so the limit tells nothing either.
    for (let i = 0; i < RESETS_PER_ADDRESS; i++) expect((await forgot('ghost@example.com', ip)).statusCode).toBe(200);
    expect((await forgot('ghost@example.com', ip)).statusCode).toBe(429);
    clock.advance(60 * 60 * 1000 + 1000);
    try {
      expect((await forgot(user.email, ip)).statusCode).toBe(200);
    } finally {
      clock.set('2026-06-10T14:30:00Z');
    }
  });

  it("a stranger's requests leave the owner's own request free, and it is the link that works", async () => {
    const owner = await createUser(ctx);
    const stranger = nextIp();
    for (let i = 0; i < RESETS_PER_ADDRESS; i++) expect((await forgot(owner.email, stranger)).statusCode).toBe(200);
    expect((await forgot(owner.email, stranger)).statusCode).toBe(429);
    const own = await forgot(owner.email);
    expect(own.statusCode).toBe(200);
    expect(await resetMails(owner.email)).toHaveLength(RESETS_PER_ADDRESS + 1);
    expect((await reset(await tokenFor(owner.email))).statusCode).toBe(200);
  });

  it(`strangers on many client addresses only slow the address down (at most ${RESET_PACE_MAX_SECONDS / 60} minutes between links)`, async () => {
    const owner = await createUser(ctx);
    const answers: { statusCode: number; headers: Record<string, unknown> }[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push(await forgot(owner.email));
      clock.advance(1000);
    }
    clock.set('2026-06-10T14:30:00Z');
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(10);
    expect(refused.every((a) => Number(a.headers['retry-after']) <= RESET_PACE_MAX_SECONDS)).toBe(true);
    // Past twice the per-client limit, the mailbox gets one link per growing interval, not one per request.
    expect((await resetMails(owner.email)).length).toBeLessThan(12);
  });

  it(`limits requests to ${RESETS_PER_IP} per client address an hour`, async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < RESETS_PER_IP; i++) expect((await forgot(`ip-limit-${i}@example.com`, ip)).statusCode).toBe(200);
    expect((await forgot('ip-limit-last@example.com', ip)).statusCode).toBe(429);
    expect((await forgot('ip-limit-last@example.com', '198.51.100.8')).statusCode).toBe(200);
  });
});
