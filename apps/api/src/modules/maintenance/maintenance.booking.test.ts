import { calendarDayInstant } from '@dealer/shared';
import { describe, expect, it } from 'vitest';
import { fixedClock, useTestApp, useTestUsers } from '../../test/harness';
import { bookingBody, createUser } from '../../test/factories';
import {
  availability,
  book,
  bookOk,
  cancelAppointment,
  getAppointment,
  maintenanceHistory,
  patchAppointment,
} from '../../test/requests';

// Wednesday 10 June 2026, 10:30 in New York (EDT, UTC-4).
const NOW = '2026-06-10T14:30:00Z';
const TODAY = '2026-06-10';
const TOMORROW = '2026-06-11';

const ctx = useTestApp({
  clock: fixedClock(NOW),
  config: { WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 2, BOOKING_HORIZON_DAYS: 400 },
});

const { jane, sam, admin } = useTestUsers(ctx, { jane: {}, sam: {}, admin: { role: 'ADMIN' } });

describe('GET api/maintenance/settings', () => {
  it('answers the configured emergency number, zone, capacity, the workshop date, address and phone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'SUCCESS',
      data: {
        emergencyPhone: ctx.config.EMERGENCY_PHONE,
        workshopTimeZone: 'America/New_York',
        slotCapacity: 2,
        today: TODAY,
        lastBookableDate: '2027-07-15',
        maxOpenBookings: ctx.config.MAX_OPEN_BOOKINGS,
        workshopAddress: '1200 Motor Avenue, Springfield, IL 62701',
        workshopPhone: '+1 (555) 010-2000',
      },
    });
  });
});

describe('POST api/maintenance: validation', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing type', { maintenanceType: undefined }, 'maintenanceType', 'Please select a maintenance type'],
    ['unknown type', { maintenanceType: 'washing' }, 'maintenanceType', 'Please select a maintenance type'],
    ['missing service', { specificService: undefined }, 'specificService', 'Please select a specific service'],
    ['empty service', { specificService: '  ' }, 'specificService', 'Please select a specific service'],
    ['service of another type', { specificService: 'Full Body Paint' }, 'specificService', 'Please select a specific service'],
    ['missing date', { appointmentDate: undefined }, 'appointmentDate', 'Please select a date'],
    ['malformed date', { appointmentDate: '11/06/2026' }, 'appointmentDate', 'Please select a date'],
    ['impossible date', { appointmentDate: '2026-02-30' }, 'appointmentDate', 'Please select a date'],
    ['missing time', { appointmentTime: undefined }, 'appointmentTime', 'Please select a time slot'],
    ['unknown slot', { appointmentTime: '07:00 AM' }, 'appointmentTime', 'Please select a time slot'],
    ['half-hour slot', { appointmentTime: '10:30 AM' }, 'appointmentTime', 'Please select a time slot'],
    ['missing make', { vehicle: { make: '' } }, 'vehicle.make', 'Vehicle make is required'],
    ['missing model', { vehicle: { model: ' ' } }, 'vehicle.model', 'Vehicle model is required'],
    ['missing year', { vehicle: { year: '' } }, 'vehicle.year', 'Vehicle year is required'],
    ['missing registration', { vehicle: { registration: '' } }, 'vehicle.registration', 'Registration number is required'],
    ['short name', { customer: { name: 'J' } }, 'customer.name', 'Name is required'],
    ['bad email', { customer: { email: 'jane-at-example' } }, 'customer.email', 'Invalid email address'],
    ['short phone', { customer: { phone: '555-0101' } }, 'customer.phone', 'Phone number is required'],
  ];

  it.each(cases)('%s -> 422 with the spec message', async (_name, override, field, message) => {
    const res = await book(ctx, jane, bookingBody(override));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe('ERROR');
    expect(body.errors[field]).toBe(message);
  });

  it('reports every missing field at once, vehicle and customer objects included', async () => {
    const res = await book(ctx, jane, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      maintenanceType: 'Please select a maintenance type',
      specificService: 'Please select a specific service',
      appointmentDate: 'Please select a date',
      appointmentTime: 'Please select a time slot',
      vehicle: 'Vehicle make is required',
      customer: 'Name is required',
    });
  });

  it('accepts a booking without additional notes and a numeric year', async () => {
    const body = bookingBody({ appointmentDate: '2026-06-12', appointmentTime: '08:00 AM', vehicle: { year: 2021 as never } });
    delete body.additionalNotes;
    const res = await book(ctx, jane, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ additionalNotes: null, vehicle: { year: '2021' } });
  });
});

describe('POST api/maintenance: calendar rules in the workshop zone', () => {
  it('refuses a Sunday', async () => {
    const res = await book(ctx, jane, bookingBody({ appointmentDate: '2026-06-14' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'The workshop is closed on Sundays. Please choose another date.',
      errors: { appointmentDate: 'The workshop is closed on Sundays. Please choose another date.' },
    });
  });

  it('refuses a past date', async () => {
    const res = await book(ctx, jane, bookingBody({ appointmentDate: '2026-06-09' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ appointmentDate: 'Please choose today or a later date.' });
  });

  it('refuses a past hour of today and the hour that has already started', async () => {
    for (const time of ['08:00 AM', '10:00 AM'] as const) {
      const res = await book(ctx, jane, bookingBody({ appointmentDate: TODAY, appointmentTime: time }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ appointmentTime: 'This time has already passed. Please choose a later time slot.' });
    }
  });

  it('accepts the next hour of today', async () => {
    const res = await book(ctx, jane, bookingBody({ appointmentDate: TODAY, appointmentTime: '11:00 AM' }));
    expect(res.statusCode).toBe(201);
  });

  it('asks for a login', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/maintenance', payload: bookingBody() });
    expect(res.statusCode).toBe(401);
  });
});

describe('booking, history, detail', () => {
  it('creates a Pending appointment owned by the caller with the nested shape', async () => {
    const res = await book(ctx, jane, bookingBody({ appointmentDate: TOMORROW, appointmentTime: '09:00 AM' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    expect(body.data).toMatchObject({
      maintenanceType: 'routine',
      specificService: 'Oil Change',
      appointmentDate: calendarDayInstant(TOMORROW),
      appointmentTime: '09:00 AM',
      vehicle: { make: 'Toyota', model: 'Corolla', year: '2019', registration: 'ABC-1234' },
      customer: { name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 555 010 0101' },
      additionalNotes: 'Please check the tyre pressure too.',
      cost: null,
      technician: null,
      notes: null,
      status: 'Pending',
      userId: jane.id,
    });
    expect(body.data._id.length).toBeGreaterThanOrEqual(17);
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
  });

  it('lists only the caller’s own appointments, newest appointment date first, filtered by status', async () => {
    const own = await createUser(ctx);
    const other = await createUser(ctx);
    const a = await bookOk(ctx, own, bookingBody({ appointmentDate: '2026-06-15', appointmentTime: '09:00 AM' }));
    const b = await bookOk(ctx, own, bookingBody({ appointmentDate: '2026-06-20', appointmentTime: '01:00 PM' }));
    const c = await bookOk(ctx, own, bookingBody({ appointmentDate: '2026-06-20', appointmentTime: '11:00 AM' }));
    await bookOk(ctx, other, bookingBody({ appointmentDate: '2026-06-16' }));
    await patchAppointment(ctx, admin, a._id, { status: 'Completed' });
    await patchAppointment(ctx, admin, c._id, { status: 'Scheduled', technician: 'Mike', cost: 120 });

    const all = await maintenanceHistory(ctx, own);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((x: { _id: string }) => x._id)).toEqual([b._id, c._id, a._id]);
    expect(all.json().meta).toMatchObject({ page: 1, limit: 50, itemCount: 3, pageCount: 1 });

    for (const [status, expected] of [
      ['Completed', [a._id]],
      ['Scheduled', [c._id]],
      ['Pending', [b._id]],
      ['Cancelled', []],
      ['all', [b._id, c._id, a._id]],
      ['', [b._id, c._id, a._id]],
    ] as const) {
      const res = await maintenanceHistory(ctx, own, `?status=${status}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((x: { _id: string }) => x._id)).toEqual(expected);
    }

    const paged = await maintenanceHistory(ctx, own, '?limit=2&page=2');
    expect(paged.json().data.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    expect(paged.json().meta).toMatchObject({
      page: 2,
      limit: 2,
      itemCount: 3,
      pageCount: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });

    const bad = await maintenanceHistory(ctx, own, '?status=Lost');
    expect(bad.statusCode).toBe(422);
    const anonymous = await maintenanceHistory(ctx, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows one appointment to its owner and admins; 404 to others and for unknown or malformed ids', async () => {
    const mine = await bookOk(ctx, jane, bookingBody({ appointmentDate: '2026-06-17' }));
    const asOwner = await getAppointment(ctx, jane, mine._id);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().data._id).toBe(mine._id);
    const asAdmin = await getAppointment(ctx, admin, mine._id);
    expect(asAdmin.statusCode).toBe(200);
    const asOther = await getAppointment(ctx, sam, mine._id);
    expect(asOther.statusCode).toBe(404);
    const unknown = await getAppointment(ctx, admin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await getAppointment(ctx, admin, 'not-an-id');
    expect(malformed.statusCode).toBe(404);
    const anonymous = await getAppointment(ctx, null, mine._id);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE api/maintenance/:id/cancel', () => {
  it('lets the owner cancel Pending and Scheduled appointments, freeing the place', async () => {
    const date = '2026-06-18';
    const first = await bookOk(ctx, jane, bookingBody({ appointmentDate: date, appointmentTime: '02:00 PM' }));
    const second = await bookOk(ctx, jane, bookingBody({ appointmentDate: date, appointmentTime: '02:00 PM' }));
    expect((await availability(ctx, date))['02:00 PM']).toBe(false);
    expect((await book(ctx, sam, bookingBody({ appointmentDate: date, appointmentTime: '02:00 PM' }))).statusCode).toBe(409);

    await patchAppointment(ctx, admin, second._id, { status: 'Scheduled' });

    const res = await cancelAppointment(ctx, jane, first._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', data: { _id: first._id, status: 'Cancelled' } });
    expect((await availability(ctx, date))['02:00 PM']).toBe(true);

    const scheduled = await cancelAppointment(ctx, jane, second._id);
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().data.status).toBe('Cancelled');

    // Both places are free again: two new bookings fit, a third does not.
    expect((await book(ctx, sam, bookingBody({ appointmentDate: date, appointmentTime: '02:00 PM' }))).statusCode).toBe(201);
    expect((await book(ctx, sam, bookingBody({ appointmentDate: date, appointmentTime: '02:00 PM' }))).statusCode).toBe(201);
    expect((await book(ctx, sam, bookingBody({ appointmentDate: date, appointmentTime: '02:00 PM' }))).statusCode).toBe(409);
  });

  it('refuses Cancelled and Completed appointments with 409', async () => {
    const a = await bookOk(ctx, jane, bookingBody({ appointmentDate: '2026-06-19', appointmentTime: '03:00 PM' }));
    expect((await cancelAppointment(ctx, jane, a._id)).statusCode).toBe(200);
    const again = await cancelAppointment(ctx, jane, a._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only pending or scheduled appointments can be cancelled');

    const b = await bookOk(ctx, jane, bookingBody({ appointmentDate: '2026-06-19', appointmentTime: '04:00 PM' }));
    await patchAppointment(ctx, admin, b._id, { status: 'Completed' });
    const completed = await cancelAppointment(ctx, jane, b._id);
    expect(completed.statusCode).toBe(409);
  });

  it('answers 404 to another user and to an admin who is not the owner (admins use PATCH), 401 anonymous', async () => {
    const a = await bookOk(ctx, jane, bookingBody({ appointmentDate: '2026-06-19', appointmentTime: '05:00 PM' }));
    expect((await cancelAppointment(ctx, sam, a._id)).statusCode).toBe(404);
    expect((await cancelAppointment(ctx, admin, a._id)).statusCode).toBe(404);
    expect((await cancelAppointment(ctx, null, a._id)).statusCode).toBe(401);
    expect((await cancelAppointment(ctx, jane, 'nope')).statusCode).toBe(404);
    const still = await getAppointment(ctx, jane, a._id);
    expect(still.json().data.status).toBe('Pending');
  });
});

describe('GET api/maintenance/:id/calendar.ics', () => {
  it('serves an iCalendar attachment at the workshop’s local time to the owner and admins', async () => {
    const a = await bookOk(ctx, jane, bookingBody({ appointmentDate: '2026-06-22', appointmentTime: '01:00 PM' }));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${a._id}/calendar.ics`, headers: jane.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="maintenance-2026-06-22-oil-change\.ics"$/);
    const ics = res.body;
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics).toContain('BEGIN:VEVENT\r\n');
    // 1 PM in New York in June (EDT, UTC-4) is 17:00 UTC.
    expect(ics).toContain('DTSTART:20260622T170000Z\r\n');
    expect(ics).toContain('DTEND:20260622T180000Z\r\n');
    expect(ics).toContain('SUMMARY:Oil Change – Toyota Corolla\r\n');
    expect(ics).toContain(`UID:${a._id}@`);
    expect(ics).toContain('DTSTAMP:20260610T143000Z\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain('LOCATION:Apex Motors Service Center\\, 1200 Motor Avenue\\, Springfield\\, IL 62701\r\n');
    expect(ics).toContain('SEQUENCE:0\r\n');
    expect(ics).toContain('X-WR-TIMEZONE:America/New_York');

    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${a._id}/calendar.ics`, headers: admin.auth })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${a._id}/calendar.ics`, headers: sam.auth })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${a._id}/calendar.ics` })).statusCode).toBe(401);
  });

  it('uses the winter offset for a winter appointment', async () => {
    const a = await bookOk(ctx, jane, bookingBody({ appointmentDate: '2026-12-07', appointmentTime: '08:00 AM' }));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${a._id}/calendar.ics`, headers: jane.auth });
    expect(res.body).toContain('DTSTART:20261207T130000Z\r\n');
  });
});

describe('OpenAPI', () => {
  it('documents every maintenance endpoint', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/maintenance/'] ?? paths['/api/maintenance'] ?? {})).toContain('post');
    for (const path of [
      '/api/maintenance/settings',
      '/api/maintenance/availability',
      '/api/maintenance/availability/month',
      '/api/maintenance/history',
      '/api/maintenance/admin/all',
      '/api/maintenance/admin/overview',
      '/api/maintenance/{id}',
      '/api/maintenance/{id}/calendar.ics',
      '/api/maintenance/{id}/audit',
      '/api/maintenance/{id}/cancel',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(paths['/api/maintenance/{id}']!)).toEqual(expect.arrayContaining(['get', 'patch']));
  });
});
