import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GARAGE_LIMITS, GARAGE_MESSAGES, VIN_MESSAGES } from '@dealer/shared';
import { estimateLines, estimates, garageVehicles, invoicePayments, invoices, workshopCheckIns } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { useTestApp, useTestUsers } from '../../test/harness';
import { bookingBody, createAppointment, createUser, type TestUser } from '../../test/factories';
import { bookOk } from '../../test/requests';

// Wednesday 10 June 2026, 10:30 in New York; the test moves it.
let nowMs = Date.parse('2026-06-10T14:30:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
const MINUTE = 60_000;
const M = GARAGE_MESSAGES;
const VIN = '1M8GDM9AXKP042788';
const WRONG_CHECK_DIGIT = '1M8GDM9A1KP042788';

const ctx = useTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York', BOOKING_HORIZON_DAYS: 400 } });
const { gina, other, admin, advisor } = useTestUsers(ctx, {
  gina: { name: 'Gina Garage' },
  other: {},
  admin: { role: 'ADMIN' },
  advisor: { role: 'SERVICE_ADVISOR' },
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: user?.auth, ...(payload ? { payload } : {}) });
const car = { make: 'Mazda', model: 'CX-5', year: '2021', registration: 'gx21 mzd', vin: VIN, mileage: '23,400' };
const rowsOf = async (userId: string) => ctx.database.db.select().from(garageVehicles).where(eq(garageVehicles.userId, userId));

describe('My Garage: add, list, edit, remove', () => {
  it('adds a vehicle with a VIN and mileage, lists it and changes it', async () => {
    const user = await createUser(ctx);
    const res = await call(user, 'POST', '/account/garage', car);
    expect(res.statusCode).toBe(201);
    const added = res.json().data;
    expect(added).toMatchObject({
      make: 'Mazda',
      model: 'CX-5',
      year: '2021',
      registration: 'gx21 mzd',
      vin: VIN,
      mileage: 23_400,
      mileageAt: new Date(nowMs).toISOString(),
      currentMileage: { miles: 23_400, source: 'customer' },
      history: { jobs: [], readings: [], invoices: [], recommendedWork: [] },
    });
    expect((await rowsOf(user.id))[0]!.registrationKey).toBe('GX21MZD');

    const list = await call(user, 'GET', '/account/garage');
    expect(list.json().data.map((v: { _id: string }) => v._id)).toEqual([added._id]);

    nowMs += MINUTE;
    const changed = await call(user, 'PUT', `/account/garage/${added._id}`, { ...car, vin: '', mileage: 23_400, model: 'CX-5 Sport' });
    expect(changed.statusCode).toBe(200);
    // The same mileage keeps the day it was given; a blank VIN removes it.
    expect(changed.json().data).toMatchObject({ model: 'CX-5 Sport', vin: null, mileage: 23_400, mileageAt: new Date(nowMs - MINUTE).toISOString() });
    const newMileage = await call(user, 'PUT', `/account/garage/${added._id}`, { ...car, mileage: 24_000 });
    expect(newMileage.json().data).toMatchObject({ mileage: 24_000, mileageAt: new Date(nowMs).toISOString() });

    const removed = await call(user, 'DELETE', `/account/garage/${added._id}`);
    expect(removed.statusCode).toBe(200);
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await call(user, 'GET', `/account/garage/${added._id}`)).statusCode).toBe(404);
  });

  it('refuses a VIN with a wrong check digit with its message, and changes nothing', async () => {
    const user = await createUser(ctx);
    const res = await call(user, 'POST', '/account/garage', { ...car, vin: WRONG_CHECK_DIGIT });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ vin: VIN_MESSAGES.checkDigit });
    expect(await rowsOf(user.id)).toEqual([]);

    const added = (await call(user, 'POST', '/account/garage', car)).json().data;
    const edit = await call(user, 'PUT', `/account/garage/${added._id}`, { ...car, vin: WRONG_CHECK_DIGIT, model: 'Changed' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ vin: VIN_MESSAGES.checkDigit });
    expect((await rowsOf(user.id))[0]).toMatchObject({ model: 'CX-5', vin: VIN });
  });

  it('answers every field message for bad input, and changes nothing', async () => {
    const user = await createUser(ctx);
    const cases: [object, Record<string, string>][] = [
      [{}, { make: M.make, model: M.model, year: M.year, registration: M.registration }],
      [{ ...car, make: '  ', model: '', year: '', registration: '' }, { make: M.make, model: M.model, year: M.year, registration: M.registration }],
      [{ ...car, year: '21' }, { year: M.year }],
      [{ ...car, year: '1899' }, { year: M.yearRange(new Date().getFullYear() + 1) }],
      [{ ...car, registration: '---' }, { registration: M.registrationCharacters }],
      [{ ...car, registration: 'X'.repeat(21) }, { registration: 'Must be at most 20 characters.' }],
      [{ ...car, make: 'M'.repeat(61) }, { make: 'Must be at most 60 characters.' }],
      [{ ...car, vin: 'SHORT' }, { vin: VIN_MESSAGES.length }],
      [{ ...car, vin: '1M8GDM9AXKP04278O' }, { vin: VIN_MESSAGES.ioq }],
      [{ ...car, vin: '1M8GDM9AXKP04278*' }, { vin: VIN_MESSAGES.characters }],
      [{ ...car, mileage: 'lots' }, { mileage: M.mileage }],
      [{ ...car, mileage: 12.5 }, { mileage: M.mileage }],
      [{ ...car, mileage: -1 }, { mileage: M.mileageRange }],
      [{ ...car, mileage: GARAGE_LIMITS.mileageMax + 1 }, { mileage: M.mileageRange }],
    ];
    for (const [body, errors] of cases) {
      const res = await call(user, 'POST', '/account/garage', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses a registration already in the garage (spaced or cased otherwise) and a garage past its limit', async () => {
    const user = await createUser(ctx);
    const first = (await call(user, 'POST', '/account/garage', { ...car, vin: '' })).json().data;
    const again = await call(user, 'POST', '/account/garage', { ...car, registration: 'GX21-MZD', vin: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: M.duplicate, errors: { registration: M.duplicate } });

    const second = (await call(user, 'POST', '/account/garage', { ...car, registration: 'OTHER 1', vin: '' })).json().data;
    const clash = await call(user, 'PUT', `/account/garage/${second._id}`, { ...car, registration: 'GX21MZD', vin: '' });
    expect(clash.statusCode).toBe(409);
    // Its own registration, written otherwise, is not a clash.
    expect((await call(user, 'PUT', `/account/garage/${first._id}`, { ...car, registration: 'GX21 MZD', vin: '' })).statusCode).toBe(200);

    for (let i = 2; i < GARAGE_LIMITS.vehiclesMax; i++) {
      expect((await call(user, 'POST', '/account/garage', { ...car, registration: `CAR ${i}`, vin: '' })).statusCode).toBe(201);
    }
    const full = await call(user, 'POST', '/account/garage', { ...car, registration: 'ONE MORE', vin: '' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(M.full);
    expect(await rowsOf(user.id)).toHaveLength(GARAGE_LIMITS.vehiclesMax);
  });
});

describe('My Garage: only your own', () => {
  it("answers 404 for another customer's vehicle, to read, change or remove, and for a malformed id", async () => {
    const mine = (await call(gina, 'POST', '/account/garage', { ...car, registration: 'GINA 1' })).json().data;
    for (const [method, body] of [['GET', undefined], ['PUT', car], ['DELETE', undefined]] as const) {
      const res = await call(other, method, `/account/garage/${mine._id}`, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect((await call(gina, 'GET', '/account/garage/not-a-uuid')).statusCode).toBe(404);
    expect((await call(other, 'GET', '/account/garage')).json().data.map((v: { _id: string }) => v._id)).not.toContain(mine._id);
    expect(await rowsOf(gina.id)).toEqual([expect.objectContaining({ model: 'CX-5', registration: 'GINA 1' })]);
  });

  it('asks for a login (401); staff see their own garage, not the customers\'', async () => {
    expect((await call(null, 'GET', '/account/garage')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/account/garage', car)).statusCode).toBe(401);
    for (const staff of [admin, advisor]) {
      const res = await call(staff, 'GET', '/account/garage');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.every((v: { registration: string }) => v.registration !== 'GINA 1')).toBe(true);
    }
  });
});

describe('My Garage: built from bookings', () => {
  it('adds a booking\'s vehicle when its registration is new to the garage', async () => {
    const user = await createUser(ctx);
    await bookOk(ctx, user, bookingBody({ vehicle: { registration: 'BK-1001', make: 'Kia', model: 'Ceed', year: '2017' } }));
    let rows = await rowsOf(user.id);
    expect(rows).toEqual([expect.objectContaining({ make: 'Kia', model: 'Ceed', year: '2017', registration: 'BK-1001', registrationKey: 'BK1001', vin: null })]);
    // Edited in the garage, then booked again as 'bk 1001': the garage's own is kept.
    await call(user, 'PUT', `/account/garage/${rows[0]!.id}`, { make: 'Kia', model: "Cee'd", year: '2017', registration: 'BK-1001', vin: VIN });
    await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-06-12', vehicle: { registration: 'bk 1001', make: 'KIA', model: 'C', year: '2017' } }));
    rows = await rowsOf(user.id);
    expect(rows).toEqual([expect.objectContaining({ model: "Cee'd", vin: VIN })]);
  });

  it('fills the garage from earlier bookings on the first read, once: a removed vehicle stays removed', async () => {
    const user = await createUser(ctx);
    await createAppointment(ctx, { userId: user.id, vehicle: { make: 'Ford', model: 'Fiesta', year: '2015', registration: 'OLD 1' } });
    await createAppointment(ctx, { userId: user.id, vehicle: { make: 'Ford', model: 'Fiesta ST', year: '2015', registration: 'old-1' } });
    await createAppointment(ctx, { userId: user.id, vehicle: { make: 'Audi', model: 'A3', year: '2019', registration: 'OLD 2' } });
    await createAppointment(ctx, { userId: other.id, vehicle: { make: 'Seat', model: 'Ibiza', year: '2019', registration: 'NOT MINE' } });
    const first = (await call(user, 'GET', '/account/garage')).json().data;
    expect(first.map((v: { model: string }) => v.model).sort()).toEqual(['A3', 'Fiesta ST']);
    const audi = first.find((v: { model: string }) => v.model === 'A3');
    expect(audi.history.jobs).toHaveLength(1);
    await call(user, 'DELETE', `/account/garage/${audi._id}`);
    expect((await call(user, 'GET', '/account/garage')).json().data.map((v: { model: string }) => v.model)).toEqual(['Fiesta ST']);
  });
});

describe('My Garage: service history', () => {
  it('shows jobs, odometer readings, invoices with their balance and declined work not yet done; current mileage is the later figure', async () => {
    const user = await createUser(ctx, { name: 'History Holder' });
    const db = ctx.database.db;
    const vehicle = { make: 'Volvo', model: 'V60', year: '2018', registration: 'HS-18 VLV' };
    const done = await createAppointment(ctx, { userId: user.id, vehicle, status: 'Completed', appointmentDate: '2026-05-04', specificService: 'Brake Inspection', maintenanceType: 'brakes' });
    const later = await createAppointment(ctx, { userId: user.id, vehicle: { ...vehicle, registration: 'hs18vlv' }, appointmentDate: '2026-06-20' });
    // Another customer's job for the same car is not in this history.
    const theirs = await createAppointment(ctx, { userId: other.id, vehicle, appointmentDate: '2026-01-04' });
    await db.insert(workshopCheckIns).values([
      { appointmentId: done.id, registrationKey: 'HS18VLV', odometer: 41_200, fuelLevel: '1/2', createdAt: new Date('2026-05-04T13:00:00Z') },
      { appointmentId: theirs.id, registrationKey: 'HS18VLV', odometer: 39_000, fuelLevel: 'Full', createdAt: new Date('2026-01-04T13:00:00Z') },
    ]);
    const [estimate] = await db
      .insert(estimates)
      .values({ appointmentId: done.id, status: 'Decided', version: 1, taxRateBasisPoints: 800, sentAt: new Date('2026-05-04T15:00:00Z'), decidedAt: new Date('2026-05-04T16:00:00Z'), decidedName: 'History Holder' })
      .returning();
    await db.insert(estimateLines).values([
      { estimateId: estimate!.id, position: 1, kind: 'Part', description: 'Front brake pads', quantityHundredths: 100, unitPriceCents: 8_000, amountCents: 8_000, decision: 'Approved' },
      { estimateId: estimate!.id, position: 2, kind: 'Part', description: 'Wiper blades', quantityHundredths: 200, unitPriceCents: 1_250, amountCents: 2_500, decision: 'Declined' },
      { estimateId: estimate!.id, position: 3, kind: 'Fee', description: 'Cabin filter', quantityHundredths: 100, unitPriceCents: 3_000, amountCents: 3_000, decision: 'Declined', doneAppointmentId: later.id },
    ]);
    const [invoice] = await db
      .insert(invoices)
      .values({
        number: '2026-000042', year: 2026, sequence: 42, appointmentId: done.id, userId: user.id, customerName: 'History Holder', customerEmail: user.email,
        vehicleRegistration: 'HS-18 VLV', maintenanceType: 'brakes', taxRateBasisPoints: 800, subtotalCents: 8_000, taxCents: 640, totalCents: 8_640,
        issuedAt: new Date('2026-05-04T18:00:00Z'),
      })
      .returning();
    await db.insert(invoicePayments).values({ invoiceId: invoice!.id, method: 'Card', amountCents: 5_000, paidOn: '2026-05-04' });

    // The customer's figure, given before the check-in, is older than the reading.
    // The garage holds the car from its bookings (the first read fills it); the customer adds its mileage.
    const [filled] = (await call(user, 'GET', '/account/garage')).json().data;
    expect(filled).toMatchObject({ registration: 'hs18vlv', mileage: null });
    const given = (await call(user, 'PUT', `/account/garage/${filled._id}`, { ...vehicle, mileage: 40_000 })).json().data;
    await db.update(garageVehicles).set({ mileageAt: new Date('2026-04-01T12:00:00Z') }).where(eq(garageVehicles.id, given._id));
    const [volvo] = (await call(user, 'GET', '/account/garage')).json().data;
    expect(volvo.currentMileage).toEqual({ miles: 41_200, at: '2026-05-04T13:00:00.000Z', source: 'check-in' });
    expect(volvo.history.jobs).toEqual([
      expect.objectContaining({ _id: later.id, status: 'Pending', odometer: null }),
      expect.objectContaining({ _id: done.id, specificService: 'Brake Inspection', status: 'Completed', appointmentDate: '2026-05-04', odometer: 41_200 }),
    ]);
    expect(volvo.history.readings).toEqual([{ appointmentId: done.id, odometer: 41_200, readAt: '2026-05-04T13:00:00.000Z' }]);
    expect(volvo.history.invoices).toEqual([
      { _id: invoice!.id, number: '2026-000042', kind: 'Invoice', issuedAt: '2026-05-04T18:00:00.000Z', totalCents: 8_640, balanceCents: 3_640 },
    ]);
    expect(volvo.history.recommendedWork).toEqual([
      expect.objectContaining({ description: 'Wiper blades', amountCents: 2_500, specificService: 'Brake Inspection', declinedAt: '2026-05-04T16:00:00.000Z' }),
    ]);

    // A figure given after the reading is the current one.
    const updated = await call(user, 'PUT', `/account/garage/${volvo._id}`, { ...vehicle, mileage: 45_000 });
    expect(updated.json().data.currentMileage).toEqual({ miles: 45_000, at: new Date(nowMs).toISOString(), source: 'customer' });
    // The other customer sees none of it for the same car.
    const theirsView = (await call(other, 'POST', '/account/garage', vehicle)).json().data;
    expect(theirsView.history).toMatchObject({ invoices: [], recommendedWork: [], readings: [{ odometer: 39_000 }] });
  });
});
