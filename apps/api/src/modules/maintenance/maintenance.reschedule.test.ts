import { calendarDayInstant, type TimeSlot } from '@dealer/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '../audit';
import { fixedClock, TEST_DB_KIND, useTestApp } from '../../test/harness';
import { bookingBody, createAdmin, createBookedAppointment, createUser, type TestUser } from '../../test/factories';
import {
  availability,
  bookOk,
  cancelAppointment,
  getAppointment,
  maintenanceHistory,
  patchAppointment,
  rescheduleAppointment,
} from '../../test/requests';
import { expectSlotPlaces, slotCounter } from '../../test/slots';
import { countHoldingInSlot } from './maintenance.appointments.repository';

// Wednesday 10 June 2026, 10:30 in New York (EDT, UTC-4).
const NOW = '2026-06-10T14:30:00Z';
const TODAY = '2026-06-10';
const SLOT_FULL = 'This time slot is fully booked. Please choose another time.';
const NOT_RESCHEDULABLE = 'Only pending or scheduled appointments can be rescheduled';

const ctx = useTestApp({
  clock: fixedClock(NOW),
  config: { WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 2, BOOKING_HORIZON_DAYS: 30, MAX_OPEN_BOOKINGS: 3 },
});
/** A fresh customer per test or group, so the open bookings cap never gets in the way. */
let jane: TestUser;
let sam: TestUser;
let admin: TestUser;

beforeAll(async () => {
  sam = await createUser(ctx);
  admin = await createAdmin(ctx);
});

const reschedule = (user: TestUser | null, id: string, payload: unknown) => rescheduleAppointment(ctx, user, id, payload);
const appointmentOf = async (id: string) => (await getAppointment(ctx, admin, id)).json().data;
const expectPlaces = (date: string, time: string, expected: number) => expectSlotPlaces(ctx, date, time, expected);

const at = (appointmentDate: string, appointmentTime: TimeSlot) => ({ appointmentDate, appointmentTime });
/** A payload the schema must refuse (times outside the slot list included). */
const raw = (appointmentDate: string, appointmentTime: string) => ({ appointmentDate, appointmentTime });

describe(`PATCH api/maintenance/:id/reschedule by the owner (${TEST_DB_KIND})`, () => {
  beforeEach(async () => {
    jane = await createUser(ctx);
  });

  it('moves a Pending appointment: the old place is freed, the new one taken, the move audited', async () => {
    const { _id } = await bookOk(ctx, jane, bookingBody(at('2026-06-11', '09:00 AM')));
    await expectPlaces('2026-06-11', '09:00 AM', 1);

    const res = await reschedule(jane, _id, at('2026-06-12', '02:00 PM'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      data: { _id, appointmentDate: calendarDayInstant('2026-06-12'), appointmentTime: '02:00 PM', status: 'Pending', specificService: 'Oil Change' },
    });
    // The customer's view never carries the staff-only notes.
    expect(res.json().data).not.toHaveProperty('staffNotes');
    await expectPlaces('2026-06-11', '09:00 AM', 0);
    await expectPlaces('2026-06-12', '02:00 PM', 1);

    const [entry] = await listAudit(ctx.database.db, 'maintenance', _id);
    expect(entry).toMatchObject({
      action: 'maintenance.reschedule',
      actor: { _id: jane.id },
      before: { appointmentDate: '2026-06-11', appointmentTime: '09:00 AM', status: 'Pending' },
      after: { appointmentDate: '2026-06-12', appointmentTime: '02:00 PM', status: 'Pending' },
    });
  });

  it('returns a Scheduled appointment to Pending for the workshop to confirm, keeping technician and cost', async () => {
    const { _id } = await bookOk(ctx, jane, bookingBody(at('2026-06-15', '10:00 AM')));
    expect((await patchAppointment(ctx, admin, _id, { status: 'Scheduled', technician: 'Mike Ross', cost: 120 })).statusCode).toBe(200);

    const res = await reschedule(jane, _id, at('2026-06-16', '11:00 AM'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Pending', technician: 'Mike Ross', cost: 120, appointmentDate: calendarDayInstant('2026-06-16') });
    await expectPlaces('2026-06-15', '10:00 AM', 0);
    await expectPlaces('2026-06-16', '11:00 AM', 1);
    const [entry] = await listAudit(ctx.database.db, 'maintenance', _id);
    expect(entry).toMatchObject({ before: { status: 'Scheduled' }, after: { status: 'Pending' } });
  });

  it('gives the freed place to the next customer at once', async () => {
    const slot = at('2026-06-17', '08:00 AM');
    const first = await bookOk(ctx, jane, bookingBody(slot));
    await bookOk(ctx, admin, bookingBody(slot));
    expect((await availability(ctx, slot.appointmentDate))[slot.appointmentTime]).toBe(false);

    expect((await reschedule(jane, first._id, at('2026-06-17', '09:00 AM'))).statusCode).toBe(200);
    expect((await availability(ctx, slot.appointmentDate))[slot.appointmentTime]).toBe(true);
    await bookOk(ctx, admin, bookingBody(slot));
    await expectPlaces(slot.appointmentDate, slot.appointmentTime, 2);
  });

  it('moves to a later hour of today', async () => {
    const { _id } = await bookOk(ctx, jane, bookingBody(at('2026-06-18', '09:00 AM')));
    const res = await reschedule(jane, _id, at(TODAY, '11:00 AM'));
    expect(res.statusCode).toBe(200);
    await expectPlaces(TODAY, '11:00 AM', 1);
    // Give the place back so other tests start from an empty day.
    expect((await cancelAppointment(ctx, jane, _id)).statusCode).toBe(200);
  });
});

describe('a full target slot', () => {
  beforeEach(async () => {
    jane = await createUser(ctx);
  });

  it('answers 409 and leaves the appointment and both slots as they were', async () => {
    const full = at('2026-06-19', '01:00 PM');
    await bookOk(ctx, admin, bookingBody(full));
    await bookOk(ctx, admin, bookingBody(full));
    const { _id } = await bookOk(ctx, jane, bookingBody(at('2026-06-19', '03:00 PM')));
    const before = await appointmentOf(_id);

    const res = await reschedule(jane, _id, full);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 'ERROR',
      statusCode: 409,
      message: SLOT_FULL,
      errors: { appointmentTime: SLOT_FULL },
    });
    expect(await appointmentOf(_id)).toEqual(before);
    await expectPlaces('2026-06-19', '03:00 PM', 1);
    await expectPlaces(full.appointmentDate, full.appointmentTime, 2);
    expect(await listAudit(ctx.database.db, 'maintenance', _id)).toEqual([]);
  });

  it('lets exactly one of two simultaneous moves take the last place', async () => {
    const target = at('2026-06-22', '04:00 PM');
    await bookOk(ctx, admin, bookingBody(target));
    const a = await bookOk(ctx, jane, bookingBody(at('2026-06-22', '08:00 AM')));
    const b = await bookOk(ctx, sam, bookingBody(at('2026-06-22', '09:00 AM')));

    const responses = await Promise.all([reschedule(jane, a._id, target), reschedule(sam, b._id, target)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await expectPlaces(target.appointmentDate, target.appointmentTime, 2);
    const places = (await slotCounter(ctx, '2026-06-22', '08:00 AM')) + (await slotCounter(ctx, '2026-06-22', '09:00 AM'));
    expect(places).toBe(1);
    await expectPlaces('2026-06-22', '08:00 AM', await countHoldingInSlot(ctx.database.db, '2026-06-22', '08:00 AM'));
  });

  it('never deadlocks when two appointments swap slots at the same time', async () => {
    const a = await bookOk(ctx, jane, bookingBody(at('2026-06-23', '08:00 AM')));
    const b = await bookOk(ctx, sam, bookingBody(at('2026-06-23', '05:00 PM')));
    const responses = await Promise.all([
      reschedule(jane, a._id, at('2026-06-23', '05:00 PM')),
      reschedule(sam, b._id, at('2026-06-23', '08:00 AM')),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    await expectPlaces('2026-06-23', '08:00 AM', 1);
    await expectPlaces('2026-06-23', '05:00 PM', 1);
  });
});

describe('the booking rules apply to the new slot', () => {
  let id: string;
  const home = at('2026-06-24', '10:00 AM');

  beforeAll(async () => {
    jane = await createUser(ctx);
    id = (await bookOk(ctx, jane, bookingBody(home)))._id;
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a past date', at('2026-06-09', '10:00 AM'), 'appointmentDate', 'Please choose today or a later date.'],
    ['a past hour of today', at(TODAY, '09:00 AM'), 'appointmentTime', 'This time has already passed. Please choose a later time slot.'],
    ['the hour that has begun', at(TODAY, '10:00 AM'), 'appointmentTime', 'This time has already passed. Please choose a later time slot.'],
    ['a Sunday', at('2026-06-14', '10:00 AM'), 'appointmentDate', 'The workshop is closed on Sundays. Please choose another date.'],
    [
      'a date beyond the horizon',
      at('2026-07-11', '10:00 AM'),
      'appointmentDate',
      'Appointments can be booked up to 30 days ahead. Please choose an earlier date.',
    ],
    ['before opening', raw('2026-06-25', '07:00 AM'), 'appointmentTime', 'Please select a time slot'],
    ['after closing', raw('2026-06-25', '08:00 PM'), 'appointmentTime', 'Please select a time slot'],
    ['a half hour', raw('2026-06-25', '10:30 AM'), 'appointmentTime', 'Please select a time slot'],
    ['no time', { appointmentDate: '2026-06-25' }, 'appointmentTime', 'Please select a time slot'],
    ['no date', { appointmentTime: '10:00 AM' }, 'appointmentDate', 'Please select a date'],
    ['a malformed date', raw('25/06/2026', '10:00 AM'), 'appointmentDate', 'Please select a date'],
    ['an impossible date', raw('2026-02-30', '10:00 AM'), 'appointmentDate', 'Please select a date'],
    ['the current slot', home, 'appointmentTime', 'The appointment is already at this time. Please choose another date or time.'],
  ];

  it.each(cases)('%s -> 422 with its message, nothing changed', async (_name, payload, field, message) => {
    const res = await reschedule(jane, id, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 422, errors: { [field]: message } });
    expect(await appointmentOf(id)).toMatchObject({ ...home, appointmentDate: calendarDayInstant(home.appointmentDate), status: 'Pending' });
    await expectPlaces(home.appointmentDate, home.appointmentTime, 1);
  });

  it('a closure day -> 422 naming the reason, nothing changed', async () => {
    const closed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/closure-days',
      headers: admin.auth,
      payload: { date: '2026-07-09', reason: 'Staff training' },
    });
    expect(closed.statusCode).toBe(201);
    const res = await reschedule(jane, id, at('2026-07-09', '10:00 AM'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      appointmentDate: 'The workshop is closed on this date (Staff training). Please choose another date.',
    });
    await expectPlaces(home.appointmentDate, home.appointmentTime, 1);
    await expectPlaces('2026-07-09', '10:00 AM', 0);
  });

  it('reports both fields of an empty body at once', async () => {
    const res = await reschedule(jane, id, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ appointmentDate: 'Please select a date', appointmentTime: 'Please select a time slot' });
  });
});

describe('Completed and Cancelled appointments stay where they are', () => {
  beforeEach(async () => {
    jane = await createUser(ctx);
  });

  it.each(['Completed', 'Cancelled'] as const)('%s -> 409 for the owner and for an admin', async (status) => {
    const { _id } = await bookOk(ctx, jane, bookingBody(at('2026-06-25', '11:00 AM')));
    expect((await patchAppointment(ctx, admin, _id, { status })).statusCode).toBe(200);
    for (const user of [jane, admin]) {
      const res = await reschedule(user, _id, at('2026-06-26', '11:00 AM'));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NOT_RESCHEDULABLE);
    }
    expect(await appointmentOf(_id)).toMatchObject({ appointmentDate: calendarDayInstant('2026-06-25'), status });
    await expectPlaces('2026-06-26', '11:00 AM', 0);
  });
});

describe('who may move an appointment', () => {
  let id: string;

  beforeAll(async () => {
    jane = await createUser(ctx);
    id = (await bookOk(ctx, jane, bookingBody(at('2026-06-29', '10:00 AM'))))._id;
    expect((await patchAppointment(ctx, admin, id, { status: 'Scheduled', technician: 'Mike Ross', cost: 90, staffNotes: 'Bay 2' })).statusCode).toBe(200);
  });

  it('anonymous -> 401', async () => {
    const res = await reschedule(null, id, at('2026-06-30', '10:00 AM'));
    expect(res.statusCode).toBe(401);
  });

  it("another customer -> 404, as for every other call on someone else's appointment", async () => {
    const res = await reschedule(sam, id, at('2026-06-30', '10:00 AM'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Maintenance appointment not found');
    const read = await getAppointment(ctx, sam, id);
    expect(read.statusCode).toBe(404);
    expect(await appointmentOf(id)).toMatchObject({ appointmentDate: calendarDayInstant('2026-06-29'), appointmentTime: '10:00 AM' });
  });

  it('an unknown or malformed id -> 404', async () => {
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await reschedule(jane, bad, at('2026-06-30', '10:00 AM'));
      expect(res.statusCode).toBe(404);
    }
  });

  it("an admin moves a customer's Scheduled appointment and it stays Scheduled", async () => {
    const res = await reschedule(admin, id, at('2026-06-30', '03:00 PM'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      appointmentDate: calendarDayInstant('2026-06-30'),
      appointmentTime: '03:00 PM',
      status: 'Scheduled',
      technician: 'Mike Ross',
      staffNotes: 'Bay 2',
      userId: jane.id,
    });
    await expectPlaces('2026-06-29', '10:00 AM', 0);
    await expectPlaces('2026-06-30', '03:00 PM', 1);
    const [entry] = await listAudit(ctx.database.db, 'maintenance', id);
    expect(entry).toMatchObject({ action: 'maintenance.reschedule', actor: { _id: admin.id }, after: { status: 'Scheduled' } });
    // The owner sees the new time in their history.
    const history = await maintenanceHistory(ctx, jane);
    expect(history.json().data.find((a: { _id: string }) => a._id === id)).toMatchObject({ appointmentDate: calendarDayInstant('2026-06-30') });
  });

  it('the admin is held to the calendar rules too', async () => {
    const res = await reschedule(admin, id, at('2026-06-28', '03:00 PM'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ appointmentDate: 'The workshop is closed on Sundays. Please choose another date.' });
  });
});

describe('the open bookings cap', () => {
  it('applies when a customer moves an appointment whose time has passed into the future', async () => {
    const kim = await createUser(ctx);
    // Booked yesterday for early this morning (the API no longer accepts that hour); the customer never came.
    const missed = await createBookedAppointment(ctx, {
      userId: kim.id,
      appointmentDate: TODAY,
      appointmentTime: '08:00 AM',
      status: 'Pending',
      vehicle: { make: 'Toyota', model: 'Corolla', year: '2019', registration: 'KIM-1' },
      customer: { name: 'Kim Lee', email: 'kim@example.com', phone: '+1 555 010 0101' },
    });
    for (const day of ['2026-07-01', '2026-07-02', '2026-07-03']) await bookOk(ctx, kim, bookingBody(at(day, '10:00 AM')));

    const res = await reschedule(kim, missed.id, at('2026-07-06', '10:00 AM'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^You already have 3 upcoming appointments/);
    await expectPlaces(TODAY, '08:00 AM', 1);

    // Moving one of the upcoming ones is no new booking; an admin is not held to the cap either.
    const upcoming = (await maintenanceHistory(ctx, kim)).json().data[0];
    expect((await reschedule(kim, upcoming._id, at('2026-07-07', '10:00 AM'))).statusCode).toBe(200);
    expect((await reschedule(admin, missed.id, at('2026-07-06', '10:00 AM'))).statusCode).toBe(200);
  });
});
