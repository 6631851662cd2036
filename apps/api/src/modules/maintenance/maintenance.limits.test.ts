import { TIME_SLOTS } from '@dealer/shared';
import { describe, expect, it } from 'vitest';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { countHoldingInSlot } from './maintenance.appointments.repository';
import { bookingBody, createAdmin, createUser, type TestUser } from '../../test/factories';
import { book, bookOk, cancelAppointment, maintenanceHistory, patchAppointment } from '../../test/requests';

const HORIZON = 90;
const MAX_OPEN = 3;
const clock = fixedClock('2026-06-01T15:30:00Z'); // Monday 1 June 2026, 11:30 in New York.

const ctx = useTestApp({
  clock,
  config: { WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 50, BOOKING_HORIZON_DAYS: HORIZON, MAX_OPEN_BOOKINGS: MAX_OPEN },
});
const { admin } = useTestUsers(ctx, { admin: { role: 'ADMIN' } });

const tooFar = 'Appointments can be booked up to 90 days ahead. Please choose an earlier date.';
const tooMany =
  'You already have 3 upcoming appointments, the most one account can hold. Cancel one or wait until it has taken place before booking another.';

describe(`booking horizon (${TEST_DB_KIND})`, () => {
  it('says how far ahead one may book in the settings', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/settings' });
    expect(res.json().data).toMatchObject({ today: '2026-06-01', lastBookableDate: '2026-08-30', maxOpenBookings: 3 });
  });

  it('refuses a date past the horizon with a clear message and writes nothing', async () => {
    const customer = await createUser(ctx);
    for (const date of ['9999-12-31', '2026-08-31']) {
      const res = await book(ctx, customer, bookingBody({ appointmentDate: date }));
      expect(res.statusCode, date).toBe(422);
      expect(res.json()).toMatchObject({ status: 'ERROR', message: tooFar, errors: { appointmentDate: tooFar } });
    }
    const history = await maintenanceHistory(ctx, customer);
    expect(history.json().data).toHaveLength(0);
    // The last day of the horizon (a Sunday here, so the Saturday before) is still open.
    await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-08-29' }));
  });

  it('closes the days past the horizon in the month and day availability', async () => {
    const month = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-08' });
    const { unavailableDates, fullDates } = month.json().data as { unavailableDates: string[]; fullDates: string[] };
    expect(unavailableDates).toContain('2026-08-31');
    expect(unavailableDates).not.toContain('2026-08-29');
    expect(fullDates).not.toContain('2026-08-31');
    const later = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-09' });
    expect(later.json().data.unavailableDates).toHaveLength(30);
    const day = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability?date=2026-08-31' });
    expect(day.json().data.availability.every((s: { available: boolean }) => !s.available)).toBe(true);
  });
});

describe(`open bookings per customer (${TEST_DB_KIND})`, () => {
  it(`lets a customer hold ${MAX_OPEN} open future bookings, then refuses with a clear message`, async () => {
    const customer = await createUser(ctx);
    for (let i = 0; i < MAX_OPEN; i += 1) await bookOk(ctx, customer, bookingBody({ appointmentDate: `2026-06-0${2 + i}` }));
    const refused = await book(ctx, customer, bookingBody({ appointmentDate: '2026-06-10' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 'ERROR', statusCode: 409, message: tooMany });
    expect(await countHoldingInSlot(ctx.database.db, '2026-06-10', '10:00 AM')).toBe(0);
    // Another customer is not affected.
    await bookOk(ctx, await createUser(ctx), bookingBody({ appointmentDate: '2026-06-10' }));
  });

  it('counts only Pending and Scheduled bookings that have not started', async () => {
    // 12:50 PM in New York; sessions last 15 minutes, so these users are made at this time.
    clock.set('2026-06-01T16:50:00Z');
    const customer = await createUser(ctx);
    const admin = await createAdmin(ctx);
    const cancelled = await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-02' }));
    await cancelAppointment(ctx, customer, cancelled._id);
    const completed = await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-03' }));
    await patchAppointment(ctx, admin, completed._id, { status: 'Completed' });
    const scheduled = await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-04' }));
    await patchAppointment(ctx, admin, scheduled._id, { status: 'Scheduled' });
    // Booked today for 01:00 PM: open now, past once the clock passes it.
    await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-01', appointmentTime: '01:00 PM' }));
    await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-05' }));
    expect((await book(ctx, customer, bookingBody({ appointmentDate: '2026-06-06' }))).statusCode).toBe(409);

    clock.set('2026-06-01T17:02:00Z'); // 01:02 PM in New York: today's booking has started.
    try {
      await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-06' }));
      expect((await book(ctx, customer, bookingBody({ appointmentDate: '2026-06-08' }))).statusCode).toBe(409);
    } finally {
      clock.set('2026-06-01T15:30:00Z');
    }
  });

  it('does not cap staff, who book for walk-in and phone customers', async () => {
    for (let i = 0; i < MAX_OPEN + 2; i += 1)
      await bookOk(ctx, admin, bookingBody({ appointmentDate: '2026-06-12', appointmentTime: TIME_SLOTS[i] }));
  });

  it(`lets exactly ${MAX_OPEN} of 20 simultaneous bookings of one customer in`, async () => {
    const customer = await createUser(ctx);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(
          ctx,
          customer,
          bookingBody({
            appointmentDate: `2026-06-${String(15 + (i % 5)).padStart(2, '0')}`,
            appointmentTime: TIME_SLOTS[i % 12],
          }),
        ),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_OPEN);
    expect(codes.filter((c) => c === 409)).toHaveLength(20 - MAX_OPEN);
    expect(responses.find((r) => r.statusCode === 409)!.json().message).toBe(tooMany);
    const history = await maintenanceHistory(ctx, customer);
    expect(history.json().data).toHaveLength(MAX_OPEN);
  });

  it('tells the wizard how many open bookings the customer holds and may hold', async () => {
    const customer = await createUser(ctx);
    const allowance = (user: TestUser) =>
      ctx.app.inject({ method: 'GET', url: '/api/maintenance/allowance', headers: user.auth });
    expect((await allowance(customer)).json().data).toEqual({ openBookings: 0, maxOpenBookings: MAX_OPEN });
    await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-22' }));
    await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-23' }));
    expect((await allowance(customer)).json().data).toEqual({ openBookings: 2, maxOpenBookings: MAX_OPEN });
    expect((await allowance(admin)).json().data).toEqual({ openBookings: 0, maxOpenBookings: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/maintenance/allowance' })).statusCode).toBe(401);
  });

  it('needs a signed-in customer', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/maintenance', payload: bookingBody() });
    expect(res.statusCode).toBe(401);
  });
});
