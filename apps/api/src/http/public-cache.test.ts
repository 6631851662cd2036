import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestApp, TEST_DB_KIND, type TestContext } from '../test/harness';
import { PUBLIC_CACHE_CONTROL } from './public-cache';
import { bookingBody, createAdmin, createUser, createVehicles, futureBookingDates, type TestUser } from '../test/factories';
import { bookOk, patchVehicle } from '../test/requests';

const list = (app: App, url = '/api/vehicles?page=1&limit=12', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const titles = (res: { json(): unknown }) => (res.json() as { data: { title: string }[] }).data.map((v) => v.title);

describe('the public answer cache', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let vehicleId: string;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 5_000 } });
    admin = await createAdmin(ctx);
    [vehicleId] = (await createVehicles(ctx, [
      { title: 'Public Volvo', status: 'available' },
      { title: 'Pending Lada', status: 'pending' },
    ])) as [string, string];
  });
  afterAll(() => ctx.close());

  it('serves an anonymous visitor the kept answer, shareable by a CDN, with an ETag that revalidates', async () => {
    const first = await list(ctx.app);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers['cdn-cache-control']).toBe('public, s-maxage=1, stale-while-revalidate=5');
    expect(first.headers.vary).toContain('Authorization');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const second = await list(ctx.app);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toContain('application/json');

    const revalidated = await list(ctx.app, undefined, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sends a kept answer compressed as the browser accepts, the same JSON in every encoding', async () => {
    const url = '/api/vehicles?page=1&limit=30';
    await createVehicles(ctx, Array.from({ length: 8 }, (_, i) => ({ title: `Encoded Saab ${i}`, status: 'available' as const })));
    const plain = await list(ctx.app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await list(ctx.app, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['x-cache']).toBe('HIT');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await list(ctx.app, url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    const identity = await list(ctx.app, url);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('lets one request compute a missing answer while the others arriving meanwhile wait for it', async () => {
    const url = '/api/vehicles?page=1&limit=7';
    const answers = await Promise.all(Array.from({ length: 12 }, () => list(ctx.app, url)));
    expect(answers.every((res) => res.statusCode === 200 && res.body === answers[0]!.body)).toBe(true);
    expect(answers.filter((res) => res.headers['x-cache'] === undefined)).toHaveLength(1);
  });

  it('treats the same query in another order as the same answer', async () => {
    expect((await list(ctx.app, '/api/vehicles?sort=price%3Aasc&limit=5')).statusCode).toBe(200);
    const reordered = await list(ctx.app, '/api/vehicles?limit=5&sort=price%3Aasc');
    expect(reordered.headers['x-cache']).toBe('HIT');
  });

  it('never serves a kept answer to a signed-in caller, nor keeps theirs', async () => {
    await list(ctx.app);
    const asAdmin = await list(ctx.app, undefined, { authorization: admin.auth.authorization });
    expect(asAdmin.headers['x-cache']).toBeUndefined();
    expect(asAdmin.headers['cache-control']).toBe('no-store');
    expect(titles(asAdmin)).toContain('Pending Lada');
    const anonymous = await list(ctx.app);
    expect(titles(anonymous)).not.toContain('Pending Lada');
    // A cookie may identify the caller too.
    const withCookie = await list(ctx.app, undefined, { cookie: 'a=b' });
    expect(withCookie.headers['x-cache']).toBeUndefined();
  });

  it('forgets everything after a write, so the change shows on the next request', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}` });
    expect(before.json().data.title).toBe('Public Volvo');
    await list(ctx.app);
    expect((await list(ctx.app)).headers['x-cache']).toBe('HIT');

    const patched = await patchVehicle(ctx, admin, vehicleId, { title: 'Renamed Volvo' });
    expect(patched.statusCode).toBe(200);

    const after = await list(ctx.app);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(titles(after)).toContain('Renamed Volvo');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}` })).json().data.title).toBe('Renamed Volvo');
  });

  it('keeps its answers when a write fails or only signs someone in', async () => {
    await list(ctx.app);
    const refused = await ctx.app.inject({ method: 'PATCH', url: `/api/vehicles/${vehicleId}`, payload: {} });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await list(ctx.app)).headers['x-cache']).toBe('HIT');
  });

  it('keeps an unknown vehicle as not found for anonymous visitors too', async () => {
    const url = '/api/vehicles/00000000-0000-4000-8000-000000000000';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await ctx.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-cache']).toBe('HIT');
  });
});

describe('an answer that only aged', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 300 } });
    await createVehicles(ctx, [{ title: 'Aged Skoda', status: 'available' }]);
  });
  afterAll(() => ctx.close());

  it('is served while one request computes its successor, and never after a write', async () => {
    const url = '/api/vehicles?page=1&limit=3';
    const first = await list(ctx.app, url);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const answers = await Promise.all(Array.from({ length: 8 }, () => list(ctx.app, url)));
    expect(answers.map((res) => res.headers['x-cache']).filter((served) => served === undefined)).toHaveLength(1);
    expect(answers.filter((res) => res.headers['x-cache'] === 'STALE').length).toBeGreaterThan(0);
    expect(answers.every((res) => res.statusCode === 200 && res.body === first.body)).toBe(true);

    // A write empties the cache: nothing aged is left to serve, so every request waits for the new answer.
    await createVehicles(ctx, [{ title: 'Fresh Tatra', status: 'available' }]);
    await ctx.app.deps.changes.publish('listings');
    await new Promise((resolve) => setTimeout(resolve, 350));
    const after = await Promise.all(Array.from({ length: 4 }, () => list(ctx.app, url)));
    expect(after.some((res) => res.headers['x-cache'] === 'STALE')).toBe(false);
    expect(after.every((res) => titles(res).includes('Fresh Tatra'))).toBe(true);
  });
});

describe("the booking calendar's answers, kept apart from the listings'", () => {
  let ctx: TestContext;
  let admin: TestUser;
  let customer: TestUser;
  let vehicleId: string;
  const [date] = futureBookingDates(1, 3) as [string];
  const day = (app: App = ctx.app) => app.inject({ method: 'GET', url: `/api/maintenance/availability?date=${date}` });
  const month = (app: App = ctx.app) => app.inject({ method: 'GET', url: `/api/maintenance/availability/month?month=${date.slice(0, 7)}` });
  const slotAt = (res: { json(): unknown }, time: string) =>
    (res.json() as { data: { availability: { time: string; available: boolean }[] } }).data.availability.find((s) => s.time === time)!;
  beforeAll(async () => {
    // One service bay: a single booking fills its hour.
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 5_000, SLOT_CAPACITY: 1 } });
    admin = await createAdmin(ctx);
    customer = await createUser(ctx);
    [vehicleId] = (await createVehicles(ctx, [{ title: 'Calendar Volvo', status: 'available' }])) as [string];
  });
  afterAll(() => ctx.close());

  it('serves an anonymous visitor the kept day and month, never a signed-in customer', async () => {
    expect(slotAt(await day(), '10:00 AM').available).toBe(true);
    expect((await day()).headers['x-cache']).toBe('HIT');
    await month();
    expect((await month()).headers['x-cache']).toBe('HIT');
    const signedIn = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/availability?date=${date}`, headers: customer.auth });
    expect(signedIn.headers['x-cache']).toBeUndefined();
  });

  it('forgets the calendar after a booking, while the listings stay kept', async () => {
    await day();
    await list(ctx.app);
    expect((await list(ctx.app)).headers['x-cache']).toBe('HIT');

    await bookOk(ctx, customer, bookingBody({ appointmentDate: date, appointmentTime: '10:00 AM' }));

    const after = await day();
    expect(after.headers['x-cache']).toBeUndefined();
    expect(slotAt(after, '10:00 AM').available).toBe(false);
    expect((await list(ctx.app)).headers['x-cache']).toBe('HIT');
  });

  it('forgets the calendar when a day is closed, and keeps it when only a listing changes', async () => {
    // What availability is worked out from (maintenance.calendar-kept.ts) is told of the closure, not of the listing.
    const calendarChanges: string[] = [];
    ctx.app.deps.changes.onChange(() => calendarChanges.push('calendar'), 'calendar');
    await month();
    const patched = await patchVehicle(ctx, admin, vehicleId, { title: 'Renamed Calendar Volvo' });
    expect(patched.statusCode).toBe(200);
    expect((await month()).headers['x-cache']).toBe('HIT');
    expect(calendarChanges).toEqual([]);

    const [closing] = futureBookingDates(1, 10) as [string];
    const closed = await ctx.app.inject({ method: 'POST', url: '/api/admin/closure-days', headers: admin.auth, payload: { date: closing, reason: 'Stocktake' } });
    expect(closed.statusCode).toBe(201);
    expect(calendarChanges).toEqual(['calendar']);
    const after = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/availability/month?month=${closing.slice(0, 7)}` });
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().data.unavailableDates).toContain(closing);
  });
});

/**
 * Two nodes on one database: a change made through one is seen by the other within a second. Through
 * PostgreSQL LISTEN/NOTIFY in the PostgreSQL pass; through Redis pub/sub where Redis is available.
 */
const busUrl = TEST_DB_KIND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const redisUrl = process.env.REDIS_TEST_URL;
describe.skipIf(!busUrl && !redisUrl)('the public cache on two nodes', () => {
  let ctx: TestContext;
  let second: App;
  let redis: Redis | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 5_000, DATABASE_URL: busUrl } });
    redis = busUrl ? undefined : new Redis(redisUrl!);
    if (redis) {
      // The first node needs the same bus: rebuild it on Redis.
      await ctx.app.close();
      ctx.app = await buildApp({ config: ctx.config, db: ctx.database.db, clock: ctx.clock, storage: ctx.app.deps.storage, jwtSecret: ctx.config.JWT_SECRET!, redis });
      await ctx.app.ready();
    }
    second = await buildApp({ config: ctx.config, db: ctx.database.db, clock: ctx.clock, storage: ctx.app.deps.storage, jwtSecret: ctx.config.JWT_SECRET!, redis });
    await second.ready();
    // Let both nodes subscribe.
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
    redis?.disconnect();
  });

  it('shows an admin change made on one node in the other node within a second', async () => {
    const admin = await createAdmin(ctx);
    const [id] = (await createVehicles(ctx, [{ title: 'Two-node Audi', status: 'available' }])) as [string];
    const countBefore = (await list(second)).json().meta.itemCount as number;
    expect((await list(second)).headers['x-cache']).toBe('HIT');

    const form = `--b\r\nContent-Disposition: form-data; name="status"\r\n\r\nsold\r\n--b--\r\n`;
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${id}`,
      payload: form,
      headers: { ...admin.auth, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(changed.statusCode).toBe(200);

    const deadline = Date.now() + 1_000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      const res = await list(second);
      // The listing and the total, which the other node also keeps for a few seconds.
      seen = !titles(res).includes('Two-node Audi') && res.json().meta.itemCount === countBefore - 1;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toBe(true);
  });

  it("shows a day closed on one node in the other node's booking calendar within a second", async () => {
    const admin = await createAdmin(ctx);
    const [closing] = futureBookingDates(1, 12) as [string];
    const url = `/api/maintenance/availability/month?month=${closing.slice(0, 7)}`;
    const unavailable = async () => (await second.inject({ method: 'GET', url })).json().data.unavailableDates as string[];
    expect(await unavailable()).not.toContain(closing);
    expect((await second.inject({ method: 'GET', url })).headers['x-cache']).toBe('HIT');

    const closed = await ctx.app.inject({ method: 'POST', url: '/api/admin/closure-days', headers: admin.auth, payload: { date: closing, reason: 'Two-node stocktake' } });
    expect(closed.statusCode).toBe(201);

    const deadline = Date.now() + 1_000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      seen = (await unavailable()).includes(closing);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toBe(true);
  });
});
