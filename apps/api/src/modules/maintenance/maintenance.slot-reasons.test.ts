import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { bookingBody, createUser } from '../../test/factories';
import { bookOk } from '../../test/requests';

// Wednesday 10 June 2026, 10:30 in New York: 08:00 to 10:00 have begun, 11:00 is the next bookable hour.
const clock = fixedClock('2026-06-10T14:30:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 1, BOOKING_HORIZON_DAYS: 30 } });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function slots(date: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/availability?date=${date}` });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().data.availability as { time: string; available: boolean; reason?: string }[]).map((s) => [s.time, s]),
  );
}

describe('GET api/maintenance/availability says why a slot is closed', () => {
  it("calls today's begun hours 'past', a full slot 'full', and leaves free slots without a reason", async () => {
    const user = await createUser(ctx);
    await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-06-10', appointmentTime: '02:00 PM' }));
    const today = await slots('2026-06-10');
    for (const time of ['08:00 AM', '09:00 AM', '10:00 AM']) expect(today[time]).toEqual({ time, available: false, reason: 'past' });
    expect(today['02:00 PM']).toEqual({ time: '02:00 PM', available: false, reason: 'full' });
    expect(today['11:00 AM']).toEqual({ time: '11:00 AM', available: true });
  });

  it("calls a past date 'past', and a Sunday or a date beyond the booking horizon 'closed'", async () => {
    expect(Object.values(await slots('2026-06-09')).every((s) => s.reason === 'past')).toBe(true);
    expect(Object.values(await slots('2026-06-14')).every((s) => s.reason === 'closed')).toBe(true);
    expect(Object.values(await slots('2026-08-01')).every((s) => s.reason === 'closed')).toBe(true);
  });

  it('documents the reasons in the OpenAPI description', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/\s/g, '')).toContain('"enum":["past","full","closed"]');
  });
});
