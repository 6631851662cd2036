import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../db/schema';
import { createTestApp, fixedClock, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { createAdmin, createVehicle, type TestUser } from '../../test/factories';

// Wednesday 10 June 2026, 19:30 in New York: half an hour before closing, so a two-hour deadline runs into the next open day.
const clock = fixedClock('2026-06-10T23:30:00Z');
const TOMORROW = '2026-06-11';
let ctx: TestContext;
let admin: TestUser;
let car: string;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York', LEAD_RESPONSE_HOURS: 2 } });
  admin = await createAdmin(ctx);
  car = (await createVehicle(ctx, { title: '2021 Honda Civic', make: 'Honda', model: 'Civic', year: 2021 })).id;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
/** An enquiry from a new address and e-mail; answers its lead's first-response deadline. */
async function deadline(): Promise<Date> {
  n += 1;
  const email = `deadline.${n}@example.com`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/vehicles/${car}/leads`,
    remoteAddress: `198.51.100.${n}`,
    payload: { source: 'question', name: 'Dee Line', email, message: 'When can I see it?' },
  });
  expect(res.statusCode).toBe(201);
  const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.customerEmail, email));
  return lead!.respondBy;
}

describe(`a lead's first-response deadline and the workshop's closure days (${TEST_DB_KIND})`, () => {
  it('skips a closure day as soon as staff add it, and counts the day again once it is opened', async () => {
    const open = await deadline();
    // Half an hour today, an hour and a half from tomorrow's opening.
    expect(open.getTime()).toBeGreaterThan(clock.now().getTime() + 2 * 3_600_000);
    expect(open.toISOString()).toBe(`${TOMORROW}T13:30:00.000Z`);

    const closed = await ctx.app.inject({ method: 'POST', url: '/api/admin/closure-days', headers: admin.auth, payload: { date: TOMORROW, reason: 'Stocktake' } });
    expect(closed.statusCode).toBe(201);
    // The same hour of the next open day (Friday).
    expect((await deadline()).getTime()).toBe(open.getTime() + 86_400_000);

    const reopened = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/closure-days/${TOMORROW}`, headers: admin.auth });
    expect(reopened.statusCode).toBe(200);
    expect((await deadline()).getTime()).toBe(open.getTime());
  });
});
