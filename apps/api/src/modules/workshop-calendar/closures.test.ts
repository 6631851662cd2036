import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../audit';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { bookingBody, createAdmin, createUser, createVehicle, type TestUser } from '../../test/factories';
import { availability, book, bookOk, maintenanceHistory, patchAppointment } from '../../test/requests';

// Wednesday 10 June 2026, 10:30 in New York (the default workshop zone of the tests).
const clock = fixedClock('2026-06-10T14:30:00Z');
let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let advisor: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 2, BOOKING_HORIZON_DAYS: 60 } });
  admin = await createAdmin(ctx, { name: 'Ada Admin' });
  customer = await createUser(ctx);
  advisor = await createUser(ctx, { role: 'SERVICE_ADVISOR' });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const add = (user: TestUser | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/closure-days', headers: user?.auth, payload: payload as object });
const remove = (user: TestUser | null, date: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/admin/closure-days/${date}`, headers: user?.auth });
const publicList = (query = '') => ctx.app.inject({ method: 'GET', url: `/api/closure-days${query}` });

describe('POST api/admin/closure-days', () => {
  it('closes a day with its reason, lists it and audits it', async () => {
    const res = await add(admin, { date: '2026-07-03', reason: '  Independence Day (observed)  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ date: '2026-07-03', reason: 'Independence Day (observed)' });

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/admin/closure-days', headers: admin.auth });
    expect(listed.statusCode).toBe(200);
    const day = listed.json().data.find((d: { date: string }) => d.date === '2026-07-03');
    expect(day).toMatchObject({ reason: 'Independence Day (observed)', createdBy: { _id: admin.id, name: 'Ada Admin' } });
    expect(typeof day.createdAt).toBe('string');

    const audit = await listAudit(ctx.database.db, 'closure_day', '2026-07-03');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'closure.create', actor: { _id: admin.id }, after: { date: '2026-07-03' } });
  });

  it('accepts today and a reason of 200 characters', async () => {
    expect((await add(admin, { date: '2026-06-10', reason: 'x'.repeat(200) })).statusCode).toBe(201);
    expect((await remove(admin, '2026-06-10')).statusCode).toBe(200);
  });

  it('refuses a date already closed with 409 and a message naming it', async () => {
    await add(admin, { date: '2026-07-20', reason: 'Training day' });
    const res = await add(admin, { date: '2026-07-20', reason: 'Another reason' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('July 20, 2026 is already a closure day (Training day).');
    expect(res.json().errors).toEqual({ date: 'July 20, 2026 is already a closure day (Training day).' });
  });

  it('refuses a day holding Pending or Scheduled bookings, saying how many', async () => {
    const a = await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-07-21', appointmentTime: '09:00 AM' }));
    await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-07-21', appointmentTime: '10:00 AM' }));
    let res = await add(admin, { date: '2026-07-21', reason: 'Staff training' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '2 appointments are booked on July 21, 2026 (Pending or Scheduled). Reschedule or cancel them before closing that day.',
    );
    expect((await patchAppointment(ctx, admin, a._id, { status: 'Cancelled' })).statusCode).toBe(200);
    res = await add(admin, { date: '2026-07-21', reason: 'Staff training' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '1 appointment is booked on July 21, 2026 (Pending or Scheduled). Reschedule or cancel it before closing that day.',
    );
    expect((await publicList('?month=2026-07')).json().data.map((d: { date: string }) => d.date)).not.toContain('2026-07-21');
  });

  it('refuses a day holding booked test drives, saying how many, until the sales team moves them', async () => {
    const cars = [(await createVehicle(ctx, { status: 'available' })).id, (await createVehicle(ctx, { status: 'available' })).id];
    const drives: string[] = [];
    for (const vehicleId of cars) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/test-drives', headers: customer.auth, payload: { vehicleId, date: '2026-07-22', time: '10:00 AM' } });
      expect(res.statusCode, res.body).toBe(201);
      drives.push(res.json().data._id);
    }
    const cancel = (id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/admin/test-drives/${id}`, headers: admin.auth });

    let res = await add(advisor, { date: '2026-07-22', reason: 'Staff training' });
    expect(res.statusCode).toBe(409);
    const two = '2 test drives are booked on July 22, 2026. The sales team must reschedule or cancel them before that day can be closed.';
    expect(res.json()).toMatchObject({ message: two, errors: { date: two } });
    expect((await cancel(drives[0]!)).statusCode).toBe(200);
    res = await add(admin, { date: '2026-07-22', reason: 'Staff training' });
    expect(res.json().message).toBe('1 test drive is booked on July 22, 2026. The sales team must reschedule or cancel it before that day can be closed.');
    expect((await listAudit(ctx.database.db, 'closure_day', '2026-07-22'))).toEqual([]);

    expect((await cancel(drives[1]!)).statusCode).toBe(200);
    expect((await add(admin, { date: '2026-07-22', reason: 'Staff training' })).statusCode).toBe(201);
  });

  it('names both appointments and test drives when a day holds both', async () => {
    await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-07-23', appointmentTime: '09:00 AM' }));
    const vehicleId = (await createVehicle(ctx, { status: 'available' })).id;
    const drive = await ctx.app.inject({ method: 'POST', url: '/api/test-drives', headers: customer.auth, payload: { vehicleId, date: '2026-07-23', time: '11:00 AM' } });
    expect(drive.statusCode, drive.body).toBe(201);
    const res = await add(admin, { date: '2026-07-23', reason: 'Staff training' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '1 appointment is booked on July 23, 2026 (Pending or Scheduled). Reschedule or cancel it before closing that day. ' +
        '1 test drive is booked on that day too: the sales team must reschedule or cancel it as well.',
    );
  });

  it.each([
    ['a past date', { date: '2026-06-09', reason: 'Too late' }, 'date', 'Please choose today or a later date.'],
    ['no date', { reason: 'Holiday' }, 'date', 'Please select a date'],
    ['an impossible date', { date: '2026-02-30', reason: 'Holiday' }, 'date', 'Please select a date'],
    ['no reason', { date: '2026-08-01' }, 'reason', 'Please enter a reason'],
    ['a blank reason', { date: '2026-08-01', reason: '   ' }, 'reason', 'Please enter a reason'],
    ['a reason over 200 characters', { date: '2026-08-01', reason: 'x'.repeat(201) }, 'reason', 'Must be at most 200 characters.'],
    ['a NUL character', { date: '2026-08-01', reason: 'Holi\u0000day' }, 'reason', 'Must not contain the NUL character.'],
  ])('refuses %s with 422 and changes nothing', async (_label, payload, field, message) => {
    const before = (await publicList()).json().data;
    const res = await add(admin, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(message);
    expect((await publicList()).json().data).toEqual(before);
  });

  it('is for admins only', async () => {
    expect((await add(null, { date: '2026-08-02', reason: 'Holiday' })).statusCode).toBe(401);
    expect((await add(customer, { date: '2026-08-02', reason: 'Holiday' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/closure-days' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/closure-days', headers: customer.auth })).statusCode).toBe(403);
    expect((await publicList('?month=2026-08')).json().data).toEqual([]);
  });
});

describe('DELETE api/admin/closure-days/:date', () => {
  it('opens the day again and audits it; admins only', async () => {
    await add(admin, { date: '2026-07-27', reason: 'Inventory' });
    expect((await remove(null, '2026-07-27')).statusCode).toBe(401);
    expect((await remove(customer, '2026-07-27')).statusCode).toBe(403);
    const res = await remove(admin, '2026-07-27');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ date: '2026-07-27', reason: 'Inventory' });
    expect((await availability(ctx, '2026-07-27'))['09:00 AM']).toBe(true);
    const audit = await listAudit(ctx.database.db, 'closure_day', '2026-07-27');
    expect(audit.map((e) => e.action)).toEqual(['closure.delete', 'closure.create']);
  });

  it('answers 404 for a day that is not closed and 422 for a bad date', async () => {
    const res = await remove(admin, '2026-09-09');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Closure day not found');
    expect((await remove(admin, 'tomorrow')).statusCode).toBe(422);
  });
});

describe('GET api/closure-days', () => {
  it('lists a month, or every day from today on, to anyone, cacheable', async () => {
    await add(admin, { date: '2026-06-25', reason: 'Team day' });
    const res = await publicList('?month=2026-06');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json().data).toEqual([{ date: '2026-06-25', reason: 'Team day' }]);
    const upcoming = (await publicList()).json().data.map((d: { date: string }) => d.date);
    expect(upcoming[0]).toBe('2026-06-25');
    expect(upcoming).toEqual([...upcoming].sort());
  });

  it('refuses a bad month with 422', async () => {
    const res = await publicList('?month=2026-13');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.month).toBe('Month must look like 2024-03');
  });
});

describe('a closure day in the booking calendar', () => {
  beforeAll(async () => {
    await add(admin, { date: '2026-07-24', reason: 'Christmas in July' });
  });

  it("closes every slot of the day ('closed') and lists the day as unavailable, not full", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability?date=2026-07-24' });
    const slots = res.json().data.availability as { available: boolean; reason?: string }[];
    expect(slots.every((s) => !s.available && s.reason === 'closed')).toBe(true);
    const month = (await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability/month?month=2026-07' })).json().data;
    expect(month.unavailableDates).toContain('2026-07-24');
    expect(month.fullDates).not.toContain('2026-07-24');
    expect(month.unavailableDates).not.toContain('2026-07-23');
  });

  it('refuses a booking on it with a message naming the closure, and takes no place', async () => {
    const res = await book(ctx, customer, bookingBody({ appointmentDate: '2026-07-24', appointmentTime: '09:00 AM' }));
    expect(res.statusCode).toBe(422);
    const message = 'The workshop is closed on this date (Christmas in July). Please choose another date.';
    expect(res.json()).toMatchObject({ message, errors: { appointmentDate: message } });
    const history = await maintenanceHistory(ctx, customer);
    expect(history.json().data.some((a: { appointmentDate: string }) => a.appointmentDate.startsWith('2026-07-24'))).toBe(false);
  });

  it("keeps today's begun hours 'past' when today is closed", async () => {
    await add(admin, { date: '2026-06-10', reason: 'Power cut' });
    const slots = (await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability?date=2026-06-10' })).json().data
      .availability as { time: string; reason?: string }[];
    expect(slots.find((s) => s.time === '08:00 AM')?.reason).toBe('past');
    expect(slots.find((s) => s.time === '03:00 PM')?.reason).toBe('closed');
    await remove(admin, '2026-06-10');
  });
});
