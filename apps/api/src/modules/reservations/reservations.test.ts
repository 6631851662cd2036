import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, vehicleHolds } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { TEST_DB_KIND, useTestApp } from '../../test/harness';
import { createAdmin, createUser, createVehicle, type TestUser } from '../../test/factories';
import { sessionFor } from '../../test/sessions';
import { reservationsDeps } from '../../services';
import { createReservationsService } from './reservations.service';
import { reservationExpiryJob } from './reservations.expiry';

// A clock the test moves: Wednesday 10 June 2026, 10:30 in New York, to begin with.
let nowMs = Date.parse('2026-06-10T14:30:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
const HOUR = 3_600_000;

const ctx = useTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York', RESERVATION_HOURS: 72 } });
let admin: TestUser;
let sales: TestUser;
let advisor: TestUser;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  admin = await createAdmin(ctx);
  sales = await createUser(ctx, { role: 'SALES', email: 'sales.holds@example.com' });
  advisor = await createUser(ctx, { role: 'SERVICE_ADVISOR' });
  customer = await createUser(ctx, { name: 'Rita Reserver' });
  other = await createUser(ctx);
});

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });
const reserve = (user: TestUser | null, vehicleId: string) => call(user, 'POST', '/api/reservations', { vehicleId });
const holdOf = async (vehicleId: string) => (await call(null, 'GET', `/api/vehicles/${vehicleId}/hold`)).json().data;
const mailsTo = async (address: string) =>
  (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, address))).map((m) => m.kind);
const newCar = async (status = 'available') => (await createVehicle(ctx, { status, make: 'Mazda', model: 'CX-5', year: 2023 })).id;

describe('POST api/reservations and GET api/vehicles/:id/hold', () => {
  it('holds a car for 72 hours, shows everyone until when, and e-mails the customer and the sales team', async () => {
    const car = await newCar();
    expect(await holdOf(car)).toEqual({ vehicleId: car, reservedUntil: null, reservedUntilText: null });
    // Nulls say a car is not held; a car that does not exist is not found.
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const unknown = await call(null, 'GET', `/api/vehicles/${id}/hold`);
      expect(unknown.statusCode, id).toBe(404);
      expect(unknown.json().message, id).toBe('Vehicle not found');
    }
    const res = await reserve(customer, car);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      vehicle: { _id: car, make: 'Mazda' },
      status: 'Active',
      expiresAt: '2026-06-13T14:30:00.000Z',
      expiresAtText: 'June 13, 2026, 10:30 AM',
      customer: { name: 'Rita Reserver', email: customer.email },
    });
    expect(await holdOf(car)).toEqual({ vehicleId: car, reservedUntil: '2026-06-13T14:30:00.000Z', reservedUntilText: 'June 13, 2026, 10:30 AM' });
    expect(await mailsTo(customer.email)).toContain('reservation-customer');
    expect(await mailsTo('sales.holds@example.com')).toContain('reservation-sales-notice');
    const mine = await call(customer, 'GET', '/api/reservations');
    expect(mine.json().data.map((r: { _id: string }) => r._id)).toEqual([res.json().data._id]);
    await call(customer, 'DELETE', `/api/reservations/${res.json().data._id}`);
  });

  it('refuses a second hold of the car (409), a second car for one customer (409), a car not for sale (409), an unknown car (404), bad input (422), anonymous (401)', async () => {
    const car = await newCar();
    const first = await reserve(customer, car);
    expect(first.statusCode).toBe(201);
    const taken = await reserve(other, car);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This car is already reserved.');
    const second = await reserve(customer, await newCar());
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You already hold a car. Cancel that reservation before reserving another.');
    for (const status of ['sold', 'pending', 'reserved']) {
      const res = await reserve(other, await newCar(status));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This car cannot be reserved.');
    }
    expect((await reserve(other, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await reserve(other, 'not-a-car');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.vehicleId).toBe('Please choose a vehicle');
    expect((await reserve(null, car)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/reservations')).statusCode).toBe(401);
    await call(customer, 'DELETE', `/api/reservations/${first.json().data._id}`);
  });
});

describe('DELETE api/reservations/:id', () => {
  it('lets the customer cancel their hold (the badge goes), never another customer’s', async () => {
    const car = await newCar();
    const id = (await reserve(customer, car)).json().data._id;
    expect((await call(other, 'DELETE', `/api/reservations/${id}`)).statusCode).toBe(404);
    expect((await call(null, 'DELETE', `/api/reservations/${id}`)).statusCode).toBe(401);
    const res = await call(customer, 'DELETE', `/api/reservations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('Cancelled');
    expect((await holdOf(car)).reservedUntil).toBeNull();
    const again = await call(customer, 'DELETE', `/api/reservations/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This reservation has already ended.');
    expect((await call(customer, 'DELETE', '/api/reservations/nope')).statusCode).toBe(404);
  });
});

describe('staff: api/admin/reservations', () => {
  it('ADMIN and SALES list, extend and end holds; others are refused', async () => {
    const car = await newCar();
    const id = (await reserve(other, car)).json().data._id;
    for (const who of [admin, sales]) {
      const list = await call(who, 'GET', '/api/admin/reservations');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((r: { _id: string }) => r._id)).toContain(id);
    }
    const extended = await call(sales, 'POST', `/api/admin/reservations/${id}/extend`, { hours: 24 });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().data.expiresAt).toBe(new Date(nowMs + 96 * HOUR).toISOString());
    expect((await holdOf(car)).reservedUntil).toBe(new Date(nowMs + 96 * HOUR).toISOString());
    const bad = await call(sales, 'POST', `/api/admin/reservations/${id}/extend`, { hours: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.hours).toBe('Extend by 1 to 168 hours');
    expect((await call(sales, 'GET', '/api/admin/reservations?status=Nope')).statusCode).toBe(422);
    for (const [who, status] of [[null, 401], [customer, 403], [advisor, 403]] as const) {
      expect((await call(who, 'GET', '/api/admin/reservations')).statusCode).toBe(status);
      expect((await call(who, 'POST', `/api/admin/reservations/${id}/extend`, { hours: 1 })).statusCode).toBe(status);
      expect((await call(who, 'POST', `/api/admin/reservations/${id}/end`)).statusCode).toBe(status);
    }
    const ended = await call(admin, 'POST', `/api/admin/reservations/${id}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.status).toBe('Ended');
    expect((await call(admin, 'POST', `/api/admin/reservations/${id}/end`)).statusCode).toBe(409);
    expect((await call(admin, 'POST', `/api/admin/reservations/${id}/extend`, { hours: 1 })).statusCode).toBe(409);
    expect((await call(admin, 'POST', '/api/admin/reservations/00000000-0000-4000-8000-000000000000/end')).statusCode).toBe(404);
    expect(await mailsTo(other.email)).toEqual(expect.arrayContaining(['reservation-customer']));
    expect((await call(admin, 'GET', '/api/admin/reservations?status=Ended')).json().data.map((r: { _id: string }) => r._id)).toContain(id);
  });
});

describe('expiry on a fake clock', () => {
  it('the job releases a hold whose time is up, e-mails both sides and asks for the pages to be refreshed', async () => {
    const car = await newCar();
    const id = (await reserve(customer, car)).json().data._id;
    let published = 0;
    const job = reservationExpiryJob({
      reservations: createReservationsService(reservationsDeps({ db: ctx.database.db, clock, config: ctx.config })),
      publish: async () => {
        published += 1;
      },
    });
    const before = (await mailsTo(customer.email)).length;
    await job({}, { id: 'j1', retryCount: 0, retryLimit: 1 });
    expect(published).toBe(0);
    nowMs += 72 * HOUR - 1000;
    expect((await holdOf(car)).reservedUntil).not.toBeNull();
    nowMs += 1000;
    // At its end the hold no longer shows, even before the job has run.
    expect((await holdOf(car)).reservedUntil).toBeNull();
    await job({}, { id: 'j2', retryCount: 0, retryLimit: 1 });
    expect(published).toBe(1);
    const [row] = await ctx.database.db.select().from(vehicleHolds).where(eq(vehicleHolds.id, id));
    expect(row!.status).toBe('Expired');
    expect((await mailsTo(customer.email)).length).toBe(before + 1);
    expect(await mailsTo('sales.holds@example.com')).toContain('reservation-sales-notice');
    await job({}, { id: 'j3', retryCount: 0, retryLimit: 1 });
    expect(published).toBe(1);
  });

  it('a new hold of a car whose hold ran out releases the old one first, in its transaction', async () => {
    const car = await newCar();
    const holder = await sessionFor(ctx, customer);
    const old = (await reserve(holder, car)).json().data._id;
    nowMs += 73 * HOUR;
    // Access tokens live 15 minutes: the next customer signs in at the new time.
    const next = await sessionFor(ctx, other);
    const res = await reserve(next, car);
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(vehicleHolds).where(eq(vehicleHolds.id, old));
    expect(row!.status).toBe('Expired');
    await call(next, 'DELETE', `/api/reservations/${res.json().data._id}`);
  });
});

describe(`one hold per car (${TEST_DB_KIND})`, () => {
  it('lets exactly one of 12 simultaneous holds of one car in, 5 times over', async () => {
    const racers = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx)));
    for (let race = 0; race < 5; race += 1) {
      const car = await newCar();
      const responses = await Promise.all(racers.map((r) => reserve(r, car)));
      const won = responses.filter((r) => r.statusCode === 201);
      expect(won).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(11);
      const winner = racers[responses.indexOf(won[0]!)]!;
      await call(winner, 'DELETE', `/api/reservations/${won[0]!.json().data._id}`);
    }
  });
});
