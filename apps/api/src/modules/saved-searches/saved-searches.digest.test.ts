import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '@dealer/shared';
import { emailMessages, savedSearches } from '../../db/schema';
import { QUEUES } from '../../infra/jobs';
import { createTokenSigner } from '../../infra/tokens';
import { emailDeliveryJob } from '../../mail/delivery';
import { smtpTransport } from '../../mail/transport';
import { digestDomains } from '../../services';
import { createUser, createVehicle, type TestUser } from '../../test/factories';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { runQueuedJobs } from '../../test/jobs';
import { eventually, mimeParts, startTestSmtp, type TestSmtp } from '../../test/mail';
import { patchVehicle } from '../../test/requests';
import { sendDueDigests } from './saved-searches.digest';

// The digests on a fake clock: a new match is e-mailed once, a price drop on a saved car once, one
// e-mail per frequency per account, each with a one-click unsubscribe that works without a log-in.

const clock = fixedClock('2026-03-02T09:00:00Z');
const HOUR = 3_600_000;
let ctx: TestContext;
let smtp: TestSmtp;
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  smtp = await startTestSmtp();
  user = await createUser(ctx, { name: 'Dana Buyer' });
  admin = await createUser(ctx, { role: 'ADMIN' });
});
afterAll(async () => {
  await smtp?.close();
  await ctx?.close();
});

const digests = () => sendDueDigests({ db: ctx.database.db, clock, tokens: createTokenSigner(ctx.config.JWT_SECRET!), ...digestDomains });

/** Delivers the queued e-mails to the test SMTP server; answers the raw messages received now. */
async function deliver(): Promise<string[]> {
  const before = smtp.received.length;
  const transport = smtpTransport(smtp.url);
  await runQueuedJobs(ctx.database.db, QUEUES.email.name, emailDeliveryJob({ db: ctx.database.db, clock, config: ctx.config, transport }));
  transport.close();
  return smtp.received.slice(before).map((m) => m.raw);
}

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();
const textOf = (raw: string) => mimeParts(raw).find((p) => p.contentType === 'text/plain')!.body;

async function saveSearch(payload: object): Promise<SavedSearch> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/account/saved-searches', headers: user.auth, payload });
  expect(res.statusCode).toBe(201);
  return res.json().data as SavedSearch;
}

describe('saved search digests', () => {
  it('e-mails a new match once, instantly, with the unsubscribe headers', async () => {
    await saveSearch({ name: 'Hybrids', frequency: 'Instantly', filters: { fuelType: 'Hybrid', make: 'Toyota' } });
    // Listed before the search was saved: not new.
    await createVehicle(ctx, { title: 'Old Prius', make: 'Toyota', fuelType: 'Hybrid', createdAt: new Date(clock.now().getTime() - HOUR) });
    expect(await digests()).toBe(0);

    clock.advance(60_000);
    const match = await createVehicle(ctx, { title: 'New Prius', make: 'Toyota', fuelType: 'Hybrid', price: 24000, createdAt: clock.now() });
    await createVehicle(ctx, { title: 'Diesel Hilux', make: 'Toyota', fuelType: 'Diesel', createdAt: clock.now() });
    await createVehicle(ctx, { title: 'Pending Prius', make: 'Toyota', fuelType: 'Hybrid', status: 'pending', createdAt: clock.now() });
    clock.advance(60_000);
    expect(await digests()).toBe(1);
    const [raw, ...more] = await eventually(async () => {
      const got = await deliver();
      return got.length ? got : undefined;
    });
    expect(more).toEqual([]);
    expect(header(raw!, 'Subject')).toBe('Your saved searches: 1 new car');
    const text = textOf(raw!);
    expect(text).toContain(`New Prius, $24,000: http://localhost:${ctx.config.PORT}/vehicles/${match.id}`);
    expect(text).not.toContain('Hilux');
    expect(text).not.toContain('Old Prius');
    expect(text).toMatch(/Unsubscribe: http:\/\/\S+\/saved-searches\/unsubscribe\?token=/);
    expect(header(raw!, 'List-Unsubscribe')).toMatch(/^<http:\/\/\S+\/api\/saved-searches\/unsubscribe\?token=\S+>$/);
    expect(header(raw!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Nothing new: the same car is never sent again.
    clock.advance(60_000);
    expect(await digests()).toBe(0);
  });

  it('e-mails a price drop on a saved car once, in the next digest of any frequency', async () => {
    const car = await createVehicle(ctx, { title: 'Saved Civic', make: 'Honda', model: 'Civic', price: 18000, createdAt: new Date(clock.now().getTime() - 48 * HOUR) });
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/account/saved-vehicles/${car.id}`, headers: user.auth })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await patchVehicle(ctx, admin, car.id, { price: '16500' })).statusCode).toBe(200);
    clock.advance(60_000);
    expect(await digests()).toBe(1);
    const [raw] = await deliver();
    expect(header(raw!, 'Subject')).toBe('Your saved searches: 1 price drop');
    expect(textOf(raw!)).toContain('Saved Civic: now $16,500, was $18,000 ($1,500 less)');
    clock.advance(60_000);
    expect(await digests()).toBe(0);
    // A rise then is no drop; a second drop is news again.
    await patchVehicle(ctx, admin, car.id, { price: '17000' });
    clock.advance(60_000);
    expect(await digests()).toBe(0);
    await patchVehicle(ctx, admin, car.id, { price: '15000' });
    clock.advance(60_000);
    expect(await digests()).toBe(1);
    expect(textOf((await deliver())[0]!)).toContain('Saved Civic: now $15,000, was $17,000');
  });

  it('sends daily and weekly digests once per period, one e-mail per frequency', async () => {
    await saveSearch({ name: 'Daily Fords', frequency: 'Daily', filters: { make: 'Ford' } });
    await saveSearch({ name: 'Daily Focus', frequency: 'Daily', filters: { model: 'Focus' } });
    await saveSearch({ name: 'Weekly Kias', frequency: 'Weekly', filters: { make: 'Kia' } });
    clock.advance(60_000);
    await createVehicle(ctx, { title: 'Ford Focus', make: 'Ford', model: 'Focus', createdAt: clock.now() });
    await createVehicle(ctx, { title: 'Ford Fiesta', make: 'Ford', model: 'Fiesta', createdAt: clock.now() });
    await createVehicle(ctx, { title: 'Kia Rio', make: 'Kia', model: 'Rio', createdAt: clock.now() });
    clock.advance(HOUR);
    expect(await digests()).toBe(0);
    clock.advance(24 * HOUR);
    expect(await digests()).toBe(1);
    const [daily] = await deliver();
    expect(header(daily!, 'Subject')).toBe('Your saved searches: 2 new cars');
    const text = textOf(daily!);
    // A car matching two searches is listed once.
    expect(text.match(/Ford Focus/g)).toHaveLength(1);
    expect(text).not.toContain('Kia Rio');
    clock.advance(7 * 24 * HOUR);
    expect(await digests()).toBe(1);
    const [weekly] = await deliver();
    expect(textOf(weekly!)).toContain('Kia Rio');
    expect(textOf(weekly!)).not.toContain('Ford');
  });

  it('unsubscribes in one click from the e-mail, without a log-in, and sends no more', async () => {
    const rows = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.kind, 'saved-search-digest'));
    const instant = rows.find((r) => (r.payload as { frequency: string }).frequency === 'Instantly')!;
    const token = (instant.payload as { unsubscribeToken: string }).unsubscribeToken;
    // What a mail program does with List-Unsubscribe-Post (RFC 8058): a form POST, no cookies, no token.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unsubscribed: 1 });
    const mine = await ctx.database.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id));
    expect(mine.filter((s) => s.frequency === 'Instantly').every((s) => !s.emailsEnabled)).toBe(true);
    expect(mine.filter((s) => s.frequency !== 'Instantly').every((s) => s.emailsEnabled)).toBe(true);

    clock.advance(60_000);
    await createVehicle(ctx, { title: 'Another Prius', make: 'Toyota', fuelType: 'Hybrid', createdAt: clock.now() });
    clock.advance(60_000);
    expect(await digests()).toBe(0);
    // Clicking again is harmless.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(again.json().data).toEqual({ unsubscribed: 0 });
  });
});
