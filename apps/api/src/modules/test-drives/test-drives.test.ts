import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, testDriveSlots } from '../../db/schema';
import { fixedClock, TEST_DB_KIND, useTestApp } from '../../test/harness';
import { createAdmin, createUser, createVehicle, type TestUser } from '../../test/factories';
import { queueDueTestDriveReminders } from './test-drives.reminders';
import { vehicleSummaries } from '../vehicles';
import { testDriveIcs } from './test-drives.messages';

// Wednesday 10 June 2026, 10:30 in New York.
const clock = fixedClock('2026-06-10T14:30:00Z');
const ctx = useTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York', BOOKING_HORIZON_DAYS: 60 } });
let admin: TestUser;
let sales: TestUser;
let customer: TestUser;
let other: TestUser;
let advisor: TestUser;
let carId: string;
let car2Id: string;

beforeAll(async () => {
  admin = await createAdmin(ctx);
  sales = await createUser(ctx, { role: 'SALES', email: 'sales.desk@example.com' });
  advisor = await createUser(ctx, { role: 'SERVICE_ADVISOR' });
  customer = await createUser(ctx, { name: 'Carla Customer' });
  other = await createUser(ctx);
  carId = (await createVehicle(ctx, { status: 'available', make: 'Toyota', model: 'RAV4', year: 2022, title: 'Toyota RAV4 XLE' })).id;
  car2Id = (await createVehicle(ctx, { status: 'available', make: 'Honda', model: 'Civic', year: 2021 })).id;
});

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });
const book = (user: TestUser | null, payload: object) => call(user, 'POST', '/api/test-drives', payload);
const staffBook = (user: TestUser | null, payload: object) => call(user, 'POST', '/api/admin/test-drives', payload);
const walkIn = { name: 'Walter Walkin', email: 'walter@example.com', phone: '+1 555 0100 999' };
const mailsTo = async (address: string) =>
  (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, address))).map((m) => m.kind);

describe('GET api/test-drives/settings and availability', () => {
  it('gives the default calendar (Mon-Sat, 9:00-18:00, 2 per hour) to anyone', async () => {
    const res = await call(null, 'GET', '/api/test-drives/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ openDays: [1, 2, 3, 4, 5, 6], openHour: 9, closeHour: 18, demonstrators: 2, horizonDays: 60, today: '2026-06-10' });
  });

  it("lists a car's hours, past hours of today as past", async () => {
    const res = await call(null, 'GET', `/api/test-drives/availability?vehicleId=${carId}&date=2026-06-10`);
    expect(res.statusCode).toBe(200);
    const slots = res.json().data.availability;
    expect(slots.map((s: { time: string }) => s.time)).toEqual(['09:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '01:00 PM', '02:00 PM', '03:00 PM', '04:00 PM', '05:00 PM']);
    expect(slots[1]).toEqual({ time: '10:00 AM', available: false, reason: 'past' });
    expect(slots[2]).toEqual({ time: '11:00 AM', available: true });
  });

  it('closes Sundays and answers 404 for an unknown car, 422 for bad input', async () => {
    const sunday = (await call(null, 'GET', `/api/test-drives/availability?vehicleId=${carId}&date=2026-06-14`)).json().data.availability;
    expect(sunday.every((s: { reason?: string }) => s.reason === 'closed')).toBe(true);
    const missing = await call(null, 'GET', `/api/test-drives/availability?vehicleId=00000000-0000-4000-8000-000000000000&date=2026-06-11`);
    expect(missing.statusCode).toBe(404);
    const bad = await call(null, 'GET', `/api/test-drives/availability?vehicleId=nope&date=2026-13-01`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ vehicleId: 'Please choose a vehicle', date: 'Please select a date' });
  });
});

describe('POST api/test-drives (a customer books)', () => {
  it('books with the account’s contact details, e-mails the customer an .ics and the sales team a notice', async () => {
    const res = await book(customer, { vehicleId: carId, date: '2026-06-11', time: '10:00 AM' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      vehicle: { _id: carId, make: 'Toyota', model: 'RAV4', year: 2022 },
      date: '2026-06-11',
      time: '10:00 AM',
      status: 'Booked',
      customer: { name: 'Carla Customer', email: customer.email },
      leadId: null,
    });
    expect(await mailsTo(customer.email)).toContain('test-drive-booked');
    expect(await mailsTo('sales.desk@example.com')).toContain('test-drive-sales-notice');
    const slots = (await call(null, 'GET', `/api/test-drives/availability?vehicleId=${carId}&date=2026-06-11`)).json().data.availability;
    expect(slots.find((s: { time: string }) => s.time === '10:00 AM')).toEqual({ time: '10:00 AM', available: false, reason: 'full' });
    // Another car at the same hour still has a demonstrator slot left.
    const other = (await call(null, 'GET', `/api/test-drives/availability?vehicleId=${car2Id}&date=2026-06-11`)).json().data.availability;
    expect(other.find((s: { time: string }) => s.time === '10:00 AM')).toEqual({ time: '10:00 AM', available: true });
  });

  it('writes a calendar file with the drive in UTC from the dealership’s hour, removed by a CANCEL file', async () => {
    const [drive] = (await call(customer, 'GET', '/api/test-drives')).json().data;
    const ctxMail = { baseUrl: 'https://cars.example.com', timeZone: 'America/New_York', now: clock.now(), workshop: { address: '1 Main St', phone: '555' }, sender: 'Apex <no-reply@cars.example.com>' };
    const ics = testDriveIcs(drive, ctxMail, 0, 'PUBLISH');
    expect(ics).toContain('DTSTART:20260611T140000Z');
    expect(ics).toContain('DTEND:20260611T150000Z');
    expect(ics).toContain(`UID:test-drive-${drive._id}@cars.example.com`);
    const cancel = testDriveIcs(drive, ctxMail, 1, 'CANCEL');
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('SEQUENCE:1');
  });

  it.each([
    ['a past day', { date: '2026-06-09', time: '10:00 AM' }, 422, 'date', 'Please choose today or a later date.'],
    ['a started hour', { date: '2026-06-10', time: '10:00 AM' }, 422, 'time', 'This time has already passed. Please choose a later time.'],
    ['a Sunday', { date: '2026-06-14', time: '10:00 AM' }, 422, 'date', 'Test drives are not offered on this day. Please choose another date.'],
    ['an hour outside opening hours', { date: '2026-06-12', time: '08:00 AM' }, 422, 'time', 'Please choose a time within the sales opening hours.'],
    ['a day past the horizon', { date: '2026-08-20', time: '10:00 AM' }, 422, 'date', 'Test drives can be booked at most 60 days ahead.'],
    ['a malformed time', { date: '2026-06-12', time: '10:30' }, 422, 'time', 'Please select a time slot'],
    ['no date', { time: '10:00 AM' }, 422, 'date', 'Please select a date'],
  ])('refuses %s and books nothing', async (_label, fields, status, field, message) => {
    const res = await book(other, { vehicleId: carId, ...fields });
    expect(res.statusCode).toBe(status);
    expect(res.json().errors[field]).toBe(message);
    expect((await call(other, 'GET', '/api/test-drives')).json().data).toEqual([]);
  });

  it('refuses the same car at the same hour (409), a full slot (409), a car not for sale (409) and an unknown car (404)', async () => {
    await book(customer, { vehicleId: carId, date: '2026-06-12', time: '11:00 AM' });
    const busy = await book(other, { vehicleId: carId, date: '2026-06-12', time: '11:00 AM' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('This car is already booked for a test drive at that time. Please choose another time.');
    await staffBook(sales, { vehicleId: car2Id, date: '2026-06-12', time: '11:00 AM', customer: walkIn });
    const third = (await createVehicle(ctx, { status: 'available' })).id;
    const full = await book(other, { vehicleId: third, date: '2026-06-12', time: '11:00 AM' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Every demonstrator is out at that time. Please choose another time.');
    const sold = (await createVehicle(ctx, { status: 'sold' })).id;
    expect((await book(other, { vehicleId: sold, date: '2026-06-12', time: '01:00 PM' })).json().message).toBe('This car is not available for test drives.');
    expect((await book(other, { vehicleId: '00000000-0000-4000-8000-000000000000', date: '2026-06-12', time: '01:00 PM' })).statusCode).toBe(404);
  });

  it('refuses a closure day with its reason', async () => {
    await call(admin, 'POST', '/api/admin/closure-days', { date: '2026-06-19', reason: 'Juneteenth' });
    const res = await book(other, { vehicleId: carId, date: '2026-06-19', time: '10:00 AM' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.date).toBe('The dealership is closed on this date (Juneteenth). Please choose another date.');
  });

  it('needs a login', async () => {
    expect((await book(null, { vehicleId: carId, date: '2026-06-13', time: '10:00 AM' })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/test-drives')).statusCode).toBe(401);
  });
});

describe('reschedule and cancel', () => {
  it('lets the customer move their drive (e-mail with the new time) and cancel it (the hour frees up)', async () => {
    const id = (await book(customer, { vehicleId: car2Id, date: '2026-06-15', time: '09:00 AM' })).json().data._id;
    expect((await call(other, 'PATCH', `/api/test-drives/${id}`, { date: '2026-06-15', time: '10:00 AM' })).statusCode).toBe(404);
    const moved = await call(customer, 'PATCH', `/api/test-drives/${id}`, { date: '2026-06-15', time: '10:00 AM' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ date: '2026-06-15', time: '10:00 AM' });
    expect(await mailsTo(customer.email)).toContain('test-drive-moved');
    const same = await call(customer, 'PATCH', `/api/test-drives/${id}`, { date: '2026-06-15', time: '10:00 AM' });
    expect(same.statusCode).toBe(409);
    expect((await call(other, 'DELETE', `/api/test-drives/${id}`)).statusCode).toBe(404);
    const cancelled = await call(customer, 'DELETE', `/api/test-drives/${id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('Cancelled');
    expect(await mailsTo(customer.email)).toContain('test-drive-cancelled');
    const again = await call(customer, 'DELETE', `/api/test-drives/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a booked test drive can be changed.');
    const [slot] = await ctx.database.db.select().from(testDriveSlots).where(eq(testDriveSlots.date, '2026-06-15'));
    expect(slot?.booked ?? 0).toBe(0);
    expect((await call(customer, 'PATCH', '/api/test-drives/not-an-id', { date: '2026-06-15', time: '10:00 AM' })).statusCode).toBe(404);
  });
});

describe('staff: api/admin/test-drives', () => {
  it('ADMIN and SALES book for anyone (with a lead id), list, move and cancel; others are refused', async () => {
    const res = await staffBook(sales, { vehicleId: carId, date: '2026-06-16', time: '02:00 PM', customer: walkIn, leadId: '11111111-1111-4111-8111-111111111111' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ customer: walkIn, leadId: '11111111-1111-4111-8111-111111111111' });
    const id = res.json().data._id;
    expect(await mailsTo(walkIn.email)).toContain('test-drive-booked');
    for (const who of [admin, sales]) {
      const list = await call(who, 'GET', '/api/admin/test-drives?from=2026-06-16');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((d: { _id: string }) => d._id)).toContain(id);
    }
    expect((await call(admin, 'PATCH', `/api/admin/test-drives/${id}`, { date: '2026-06-17', time: '03:00 PM' })).json().data.time).toBe('03:00 PM');
    expect((await call(sales, 'DELETE', `/api/admin/test-drives/${id}`)).json().data.status).toBe('Cancelled');
    for (const [who, status] of [[null, 401], [customer, 403], [advisor, 403]] as const) {
      expect((await call(who, 'GET', '/api/admin/test-drives')).statusCode).toBe(status);
      expect((await staffBook(who, { vehicleId: carId, date: '2026-06-16', time: '03:00 PM', customer: walkIn })).statusCode).toBe(status);
      expect((await call(who, 'PATCH', `/api/admin/test-drives/${id}`, { date: '2026-06-17', time: '04:00 PM' })).statusCode).toBe(status);
      expect((await call(who, 'DELETE', `/api/admin/test-drives/${id}`)).statusCode).toBe(status);
    }
  });

  it('refuses a staff booking without a proper customer', async () => {
    const res = await staffBook(sales, { vehicleId: carId, date: '2026-06-16', time: '03:00 PM', customer: { name: 'A', email: 'nope', phone: '1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ 'customer.name': 'Name is required', 'customer.email': 'Invalid email address', 'customer.phone': 'Phone number is required' });
  });
});

describe('PUT api/admin/test-drives/settings', () => {
  it('lets ADMIN (only) change opening days, hours and demonstrators, which the calendar follows', async () => {
    const body = { openDays: [2, 1, 1], openHour: 10, closeHour: 12, demonstrators: 1 };
    for (const [who, status] of [[null, 401], [customer, 403], [sales, 403]] as const) {
      expect((await call(who, 'PUT', '/api/admin/test-drives/settings', body)).statusCode).toBe(status);
    }
    const res = await call(admin, 'PUT', '/api/admin/test-drives/settings', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ openDays: [1, 2], openHour: 10, closeHour: 12, demonstrators: 1 });
    const slots = (await call(null, 'GET', `/api/test-drives/availability?vehicleId=${carId}&date=2026-06-22`)).json().data.availability;
    expect(slots.map((s: { time: string }) => s.time)).toEqual(['10:00 AM', '11:00 AM']);
    const wednesday = (await call(null, 'GET', `/api/test-drives/availability?vehicleId=${carId}&date=2026-06-24`)).json().data.availability;
    expect(wednesday.every((s: { reason?: string }) => s.reason === 'closed')).toBe(true);
    await call(admin, 'PUT', '/api/admin/test-drives/settings', { openDays: [1, 2, 3, 4, 5, 6], openHour: 9, closeHour: 18, demonstrators: 2 });
  });

  it.each([
    ['no opening day', { openDays: [], openHour: 9, closeHour: 18, demonstrators: 2 }, 'openDays', 'Choose at least one opening day'],
    ['closing before opening', { openDays: [1], openHour: 12, closeHour: 10, demonstrators: 2 }, 'closeHour', 'Closing time must be after opening time'],
    ['no demonstrator', { openDays: [1], openHour: 9, closeHour: 18, demonstrators: 0 }, 'demonstrators', 'Demonstrators per slot must be between 1 and 20'],
  ])('refuses %s with 422', async (_label, body, field, message) => {
    const res = await call(admin, 'PUT', '/api/admin/test-drives/settings', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(message);
  });
});

describe('reminders', () => {
  it('queues one reminder for a drive starting within a day, once', async () => {
    const id = (await book(other, { vehicleId: carId, date: '2026-06-11', time: '09:00 AM' })).json().data._id;
    const deps = { db: ctx.database.db, clock, config: ctx.config, vehicles: { summaries: vehicleSummaries } };
    const first = await queueDueTestDriveReminders(deps);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await queueDueTestDriveReminders(deps)).toBe(0);
    expect(await mailsTo(other.email)).toContain('test-drive-reminder');
    expect(id).toBeTruthy();
  });
});

describe(`one car, one hour; a slot never past its demonstrators (${TEST_DB_KIND})`, () => {
  it('lets exactly one of 20 simultaneous bookings of one car at one hour in, 5 times over', async () => {
    const racers = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx)));
    for (let race = 0; race < 5; race += 1) {
      const car = (await createVehicle(ctx, { status: 'available' })).id;
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => book(racers[i % racers.length]!, { vehicleId: car, date: '2026-06-25', time: `0${1 + race}:00 PM` })),
      );
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409)).toBe(true);
    }
  });

  it('lets exactly 2 drives (demonstrators) of 20 different cars at one hour in', async () => {
    const racers = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx)));
    const cars = await Promise.all(Array.from({ length: 20 }, () => createVehicle(ctx, { status: 'available' })));
    const responses = await Promise.all(cars.map((car, i) => book(racers[i % racers.length]!, { vehicleId: car.id, date: '2026-06-26', time: '11:00 AM' })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const [slot] = await ctx.database.db.select().from(testDriveSlots).where(eq(testDriveSlots.date, '2026-06-26'));
    expect(slot!.booked).toBe(2);
  });

  it('moves two drives past each other at once without a deadlock', async () => {
    const a = (await staffBook(sales, { vehicleId: carId, date: '2026-06-27', time: '09:00 AM', customer: walkIn })).json().data._id;
    const b = (await staffBook(sales, { vehicleId: car2Id, date: '2026-06-27', time: '10:00 AM', customer: walkIn })).json().data._id;
    const [ra, rb] = await Promise.all([
      call(sales, 'PATCH', `/api/admin/test-drives/${a}`, { date: '2026-06-27', time: '10:00 AM' }),
      call(sales, 'PATCH', `/api/admin/test-drives/${b}`, { date: '2026-06-27', time: '09:00 AM' }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
  });
});
