import { sql } from 'drizzle-orm';
import type { TimeSlot } from '@dealer/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, useTestApp } from '../../test/harness';
import { bookingBody, createAdmin, createUser, type TestUser } from '../../test/factories';
import { book, bookOk, cancelAppointment, rescheduleAppointment } from '../../test/requests';

// Monday 1 June 2026, 07:00 in New York; two service bays, one body bay, one paint booth.
const ctx = useTestApp({ clock: fixedClock('2026-06-01T11:00:00Z'), config: { SLOT_CAPACITY: 2 } });
let admin: TestUser;
let customers: TestUser[];

beforeAll(async () => {
  admin = await createAdmin(ctx);
  customers = [];
  for (let i = 0; i < 4; i += 1) customers.push(await createUser(ctx));
});

const settingsUrl = '/api/admin/workshop/settings';
const getSettings = (user?: TestUser) => ctx.app.inject({ method: 'GET', url: settingsUrl, headers: user?.auth });
const putSettings = (user: TestUser | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: settingsUrl, headers: user?.auth, payload: payload as Record<string, unknown> });
const counts = (serviceBays: number, bodyBays: number, paintBooths: number) => ({ serviceBays, bodyBays, paintBooths });

const paint = (date: string, time: TimeSlot = '08:00 AM') =>
  bookingBody({ maintenanceType: 'painting', specificService: 'Full Body Paint', appointmentDate: date, appointmentTime: time });
const engine = (date: string, time: TimeSlot) =>
  bookingBody({ maintenanceType: 'mechanical', specificService: 'Engine Repair', appointmentDate: date, appointmentTime: time });

async function slots(date: string, service?: string) {
  const query = service ? `date=${date}&service=${encodeURIComponent(service)}` : `date=${date}`;
  const res = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/availability?${query}` });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().data.availability as { time: string; available: boolean; reason?: string; fit?: string }[]).map((s) => [
      s.time,
      s.available ? 'free' : (s.fit ?? s.reason),
    ]),
  );
}

async function month(m: string, service?: string) {
  const query = service ? `month=${m}&service=${encodeURIComponent(service)}` : `month=${m}`;
  const res = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/availability/month?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { unavailableDates: string[]; fullDates: string[] };
}

async function holdDates(id: string): Promise<string[]> {
  const result = await ctx.database.db.execute(
    sql`SELECT date::text AS date FROM appointment_holds WHERE appointment_id = ${id} ORDER BY date`,
  );
  return (result as unknown as { rows: { date: string }[] }).rows.map((r) => r.date);
}

describe('workshop settings (GET and PUT api/admin/workshop/settings)', () => {
  it('answers 401 to visitors and 403 to customers, changing nothing', async () => {
    expect((await getSettings()).statusCode).toBe(401);
    expect((await getSettings(customers[0])).statusCode).toBe(403);
    expect((await putSettings(undefined, { resources: counts(3, 1, 1), services: [] })).statusCode).toBe(401);
    expect((await putSettings(customers[0], { resources: counts(3, 1, 1), services: [] })).statusCode).toBe(403);
    expect((await getSettings(admin)).json().data.resources).toEqual(counts(2, 1, 1));
  });

  it('starts from SLOT_CAPACITY service bays, one body bay, one paint booth and the catalogue durations', async () => {
    const res = await getSettings(admin);
    expect(res.statusCode).toBe(200);
    const { resources, services } = res.json().data;
    expect(resources).toEqual(counts(2, 1, 1));
    expect(services).toHaveLength(30);
    const of = (name: string) => services.find((s: { specificService: string }) => s.specificService === name);
    expect(of('Oil Change')).toEqual({ maintenanceType: 'routine', specificService: 'Oil Change', unit: 'hours', amount: 1, resource: 'Service bay' });
    expect(of('Engine Repair')).toMatchObject({ unit: 'hours', amount: 4, resource: 'Service bay' });
    expect(of('Collision Repair')).toMatchObject({ unit: 'days', amount: 3, resource: 'Body bay' });
    expect(of('Full Body Paint')).toMatchObject({ unit: 'days', amount: 5, resource: 'Paint booth' });
    const publicList = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/service-durations' });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json().data).toEqual(services);
  });

  it.each([
    ['a count of 0', { resources: counts(0, 1, 1), services: [] }, 'resources.serviceBays', 'Enter a whole number from 1 to 50'],
    ['a count above 50', { resources: counts(2, 51, 1), services: [] }, 'resources.bodyBays', 'Enter a whole number from 1 to 50'],
    ['a fractional count', { resources: counts(2, 1, 1.5), services: [] }, 'resources.paintBooths', 'Enter a whole number from 1 to 50'],
    [
      'an hourly job longer than a day',
      { resources: counts(2, 1, 1), services: [{ specificService: 'Oil Change', unit: 'hours', amount: 13, resource: 'Service bay' }] },
      'services.0.amount',
      'An hourly job must fit in one day: at most 12 hours',
    ],
    [
      'more than 10 working days',
      { resources: counts(2, 1, 1), services: [{ specificService: 'Full Body Paint', unit: 'days', amount: 11, resource: 'Paint booth' }] },
      'services.0.amount',
      'A job can take at most 10 working days',
    ],
    [
      'a zero duration',
      { resources: counts(2, 1, 1), services: [{ specificService: 'Oil Change', unit: 'hours', amount: 0, resource: 'Service bay' }] },
      'services.0.amount',
      'Enter a whole number of hours or days',
    ],
    [
      'an unknown service',
      { resources: counts(2, 1, 1), services: [{ specificService: 'Car Wash', unit: 'hours', amount: 1, resource: 'Service bay' }] },
      'services.0.specificService',
      'Unknown service',
    ],
    [
      'an unknown unit',
      { resources: counts(2, 1, 1), services: [{ specificService: 'Oil Change', unit: 'weeks', amount: 1, resource: 'Service bay' }] },
      'services.0.unit',
      'Choose hours or working days',
    ],
    [
      'an unknown place',
      { resources: counts(2, 1, 1), services: [{ specificService: 'Oil Change', unit: 'hours', amount: 1, resource: 'Garden' }] },
      'services.0.resource',
      'Choose a service bay, body bay or paint booth',
    ],
    [
      'a service twice',
      {
        resources: counts(2, 1, 1),
        services: [
          { specificService: 'Oil Change', unit: 'hours', amount: 1, resource: 'Service bay' },
          { specificService: 'Oil Change', unit: 'hours', amount: 2, resource: 'Service bay' },
        ],
      },
      'services',
      'Each service may appear once',
    ],
  ])('refuses %s with 422 and changes nothing', async (_label, payload, field, message) => {
    const res = await putSettings(admin, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(message);
    const after = (await getSettings(admin)).json().data;
    expect(after.resources).toEqual(counts(2, 1, 1));
    expect(after.services.find((s: { specificService: string }) => s.specificService === 'Oil Change')).toMatchObject({ amount: 1 });
  });

  it('saves counts and durations; services not sent keep theirs; bookings follow the new duration', async () => {
    const res = await putSettings(admin, {
      resources: counts(3, 2, 1),
      services: [{ specificService: 'Tire Rotation', unit: 'hours', amount: 2, resource: 'Service bay' }],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.resources).toEqual(counts(3, 2, 1));
    expect(data.services.find((s: { specificService: string }) => s.specificService === 'Tire Rotation')).toMatchObject({ unit: 'hours', amount: 2 });
    expect(data.services.find((s: { specificService: string }) => s.specificService === 'Oil Change')).toMatchObject({ unit: 'hours', amount: 1 });
    const tire = await bookOk(
      ctx,
      customers[3]!,
      bookingBody({ specificService: 'Tire Rotation', appointmentDate: '2026-06-16', appointmentTime: '06:00 PM' }),
    );
    const hours = await ctx.database.db.execute(sql`SELECT start_hour, end_hour FROM appointment_holds WHERE appointment_id = ${tire._id}`);
    expect((hours as unknown as { rows: unknown[] }).rows).toEqual([{ start_hour: 18, end_hour: 20 }]);
    expect((await cancelAppointment(ctx, customers[3]!, tire._id)).statusCode).toBe(200);
    // Back to the defaults for the tests below.
    expect((await putSettings(admin, { resources: counts(2, 1, 1), services: [{ specificService: 'Tire Rotation', unit: 'hours', amount: 1, resource: 'Service bay' }] })).statusCode).toBe(200);
  });
});

describe('jobs that take working days', () => {
  let paintId: string;

  it('closes Thursday 4 June, then books a five-day paint job from Wednesday: it skips the closure and the Sunday', async () => {
    const closure = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/closure-days',
      headers: admin.auth,
      payload: { date: '2026-06-04', reason: 'Staff training' },
    });
    expect(closure.statusCode).toBe(201);
    paintId = (await bookOk(ctx, customers[0]!, paint('2026-06-03')))._id;
    expect(await holdDates(paintId)).toEqual(['2026-06-03', '2026-06-05', '2026-06-06', '2026-06-08', '2026-06-09']);
  });

  it('offers a paint job only at 08:00 AM, and only where the booth is free on every day it spans', async () => {
    const tuesday = await slots('2026-06-02', 'Full Body Paint');
    expect(tuesday['08:00 AM']).toBe('full');
    expect(tuesday['09:00 AM']).toBe('day-start');
    expect(tuesday['07:00 PM']).toBe('day-start');
    expect((await slots('2026-06-10', 'Full Body Paint'))['08:00 AM']).toBe('free');
    // The service bays are untouched: the spec's calendar of the same day is free.
    expect(Object.values(await slots('2026-06-03')).every((s) => s === 'free')).toBe(true);
    const june = await month('2026-06', 'Full Body Paint');
    expect(june.fullDates).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-05', '2026-06-06', '2026-06-08', '2026-06-09']);
    expect(june.unavailableDates).toContain('2026-06-04');
    expect(june.unavailableDates).toContain('2026-06-07');
    expect(june.unavailableDates).not.toContain('2026-06-10');
    // Another paint service shares the booth; a body-shop job does not.
    expect((await month('2026-06', 'Spot Painting')).fullDates).toContain('2026-06-08');
    expect((await month('2026-06', 'Collision Repair')).fullDates).toEqual([]);
  });

  it('refuses a start at another hour (422), and an overlapping paint job (409), changing nothing', async () => {
    const late = await book(ctx, customers[1]!, paint('2026-06-10', '09:00 AM'));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.appointmentTime).toBe('Jobs that take working days start at 08:00 AM. Please choose 08:00 AM.');
    const overlap = await book(ctx, customers[1]!, paint('2026-06-01'));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(
      'The paint booth is fully booked on Wednesday, June 3, 2026, a day this job needs. Please choose another date.',
    );
    const count = await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM appointment_holds WHERE resource = 'Paint booth'`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(5);
  });

  it('refuses to close a day a job of working days spans', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/closure-days',
      headers: admin.auth,
      payload: { date: '2026-06-08', reason: 'Inventory' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses fewer paint booths than are booked (409, naming the hour), and keeps the settings', async () => {
    expect((await putSettings(admin, { resources: counts(2, 1, 2), services: [] })).statusCode).toBe(200);
    const second = await bookOk(ctx, customers[1]!, paint('2026-06-05'));
    const res = await putSettings(admin, { resources: counts(2, 1, 1), services: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '2 jobs are already booked in the paint booths on Friday, June 5, 2026 at 08:00 AM. Keep at least 2 paint booths, or move those jobs first.',
    );
    expect(res.json().errors['resources.paintBooths']).toBe(res.json().message);
    expect((await getSettings(admin)).json().data.resources).toEqual(counts(2, 1, 2));
    expect((await cancelAppointment(ctx, customers[1]!, second._id)).statusCode).toBe(200);
    expect((await putSettings(admin, { resources: counts(2, 1, 1), services: [] })).statusCode).toBe(200);
  });

  it('moves a paint job with all its days, and frees every day when cancelled', async () => {
    const moved = await rescheduleAppointment(ctx, customers[0]!, paintId, { appointmentDate: '2026-06-10', appointmentTime: '08:00 AM' });
    expect(moved.statusCode).toBe(200);
    expect(await holdDates(paintId)).toEqual(['2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13', '2026-06-15']);
    expect((await slots('2026-06-02', 'Full Body Paint'))['08:00 AM']).toBe('free');
    expect((await cancelAppointment(ctx, customers[0]!, paintId)).statusCode).toBe(200);
    expect(await holdDates(paintId)).toEqual([]);
    const counters = await ctx.database.db.execute(sql`SELECT coalesce(max(booked), 0)::int AS n FROM resource_hours WHERE resource = 'Paint booth'`);
    expect((counters as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('hourly jobs longer than an hour', () => {
  it('must end by closing time, and hold every hour they take', async () => {
    const engineSlots = await slots('2026-06-17', 'Engine Repair');
    expect(engineSlots['04:00 PM']).toBe('free');
    expect(engineSlots['05:00 PM']).toBe('runs-late');
    const late = await book(ctx, customers[2]!, engine('2026-06-17', '05:00 PM'));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.appointmentTime).toBe(
      'This job takes about 4 hours and would run past closing time (8:00 PM). Please choose an earlier time.',
    );
    await bookOk(ctx, customers[2]!, engine('2026-06-17', '10:00 AM'));
    await bookOk(ctx, customers[3]!, engine('2026-06-17', '10:00 AM'));
    // The spec's calendar shows the four hours booked, the rest free.
    const plain = await slots('2026-06-17');
    expect(['10:00 AM', '11:00 AM', '12:00 PM', '01:00 PM'].map((t) => plain[t])).toEqual(['full', 'full', 'full', 'full']);
    expect(plain['09:00 AM']).toBe('free');
    expect(plain['02:00 PM']).toBe('free');
    // Another four-hour job cannot start where it would overlap them.
    const again = await slots('2026-06-17', 'Engine Repair');
    expect(again['07:00 AM']).toBeUndefined();
    expect(['08:00 AM', '09:00 AM', '01:00 PM'].map((t) => again[t])).toEqual(['full', 'full', 'full']);
    expect(again['02:00 PM']).toBe('free');
    const clash = await book(ctx, customers[0]!, bookingBody({ appointmentDate: '2026-06-17', appointmentTime: '12:00 PM' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This time slot is fully booked. Please choose another time.');
  });

  it('answers 422 for an unknown service in the availability calls', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/availability?date=2026-06-17&service=Car%20Wash' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.service).toBe('Unknown service');
  });
});
