// Property-based fuzzing (fast-check) of the sales desk's and the workshop's routes, and the listing
// facts, beside fuzz.test.ts (which covers sign-up, log-in, profile, listings, maintenance and admin
// users): each generated input has at least one field that is certainly invalid, and the server must
// answer a 4xx with the error envelope (never a 5xx, never a database refusal), with no table changed:
// every table of the app's schema is compared here, not only the first suite's.
//
// Covered here (body, query or path id):
//   leads: POST /vehicles/:id/leads (anonymous and customer), POST /vehicles/:id/contact-clicks,
//     GET /admin/leads (query), PATCH /admin/leads/:id, POST /admin/leads/:id/notes and /replies,
//     path ids of GET /admin/leads/:id and POST /admin/leads/:id/sale;
//   test drives: GET /test-drives/availability, POST and PATCH /test-drives(/:id), GET and POST
//     /admin/test-drives, PATCH /admin/test-drives/:id, PUT /admin/test-drives/settings, path ids of
//     both DELETEs;
//   reservations: POST /reservations, GET /admin/reservations (query), POST /admin/reservations/:id/extend,
//     path ids of DELETE /reservations/:id, POST /admin/reservations/:id/end, GET /vehicles/:id/hold and
//     /admin/vehicles/:id/contact-clicks;
//   saved searches: POST /account/saved-searches, PATCH and DELETE /account/saved-searches/:id,
//     POST /saved-searches/unsubscribe (query token, also as the RFC 8058 form post);
//   saved vehicles: POST /account/saved-vehicles/merge, path ids of PUT /account/saved-vehicles/:id;
//   workshop: POST /workshop/jobs/:id/check-in (JSON, multipart with junk photos), POST
//     /workshop/jobs/:id/move (advisor and technician), GET /workshop/board and /workshop/my-jobs (query), path ids of
//     GET /workshop/jobs/:id and POST /workshop/jobs/:id/no-show; PUT /admin/workshop/settings (place
//     counts and service durations);
//   PATCH /users/:id/role; the listing facts (VIN, body type, drivetrain, trim, stock number) on
//     POST and PATCH /vehicles (JSON and multipart) and the list's filters (GET /vehicles), GET
//     /vehicles/facets, GET /vehicles/price-guide, POST /vehicles/:id/review;
//   the workshop calendar and e-mail log: GET /closure-days, POST /admin/closure-days, DELETE
//     /admin/closure-days/:date, GET /admin/emails (query), POST /maintenance/admin/bookings, the
//     `service` of GET /maintenance/availability(/month), PATCH /maintenance/:id/reschedule, POST
//     /auth/forgot-password.
// No input (nothing to fuzz but the caller): GET /test-drives, /test-drives/settings, /reservations,
//   /account/saved-searches, /account/saved-vehicles,
//   /admin/leads/owners, /maintenance/service-durations, /maintenance/settings, /admin/workshop/settings.
//   DELETE /account/saved-vehicles/:id answers 200 for any id (an id not saved: nothing to remove), so has
//   no certainly-bad input.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../db/schema';
import { createTestApp, fixedClock, type TestContext } from '../test/harness';
import { createBookedAppointment, createUser, createVehicle, fullVehicleFields, type TestUser } from '../test/factories';
import { pngImage } from '../test/images';
import { createVehicleViaApi } from '../test/requests';
import {
  badRecord,
  blank,
  createInputFuzzer,
  everyTable,
  form,
  get,
  json,
  junkPhotos,
  MISSING,
  notString,
  presentText,
  requiredText,
  stringOnly,
  tooLong,
  unknownId,
  withNul,
  type Bad,
} from './fuzz-kit';

// Monday 1 June 2026, 10:00 in New York.
const TODAY = '2026-06-01';
const TOMORROW = '2026-06-02';
const SUNDAY = '2026-06-07';

let ctx: TestContext;
let admin: TestUser;
let sales: TestUser;
let advisor: TestUser;
let tech: TestUser;
let customer: TestUser;
let carId: string;
let leadId: string;
let driveId: string;
let reservationId: string;
let savedSearchId: string;
let jobId: string;
let listingId: string;
let appointmentId: string;

let tables: string[] = [];
const { fuzz, sent } = createInputFuzzer(() => ctx, { tables: () => Promise.resolve(tables), seed: 20261128 });

let ip = 0;
/** A fresh client address per request: the per-address limits stay out of the way of validation. */
const fromFreshAddress = (request: InjectOptions): InjectOptions => ({
  ...request,
  remoteAddress: `198.18.${(ip >> 8) & 255}.${ip++ & 255}`,
});

const badDate = fc.constantFrom('2026-02-30', 'tomorrow', '2026-13-01', '20260602', '', '2026-6-2', '0000-01-01');
const badTime = fc.constantFrom('9:00 AM', '13:00 PM', '09:30 AM', '', 'noon', '10:00', '10:00 am');
const badUuid = fc.oneof(fc.constantFrom('nope', '', '123', 'not-a-uuid-at-all'), fc.integer(), fc.constant(null));
const pageBad = { page: fc.constantFrom('0', '-1', 'x', '1.5', '1e400'), limit: fc.constantFrom('0', '101', 'x', '-3') };

const validEnquiry = {
  source: 'question',
  name: 'Fuzz Visitor',
  email: 'fuzz.visitor@example.com',
  phone: '+1 555 010 1234',
  message: 'Is it still for sale?',
};
const badEnquiry: Bad = {
  source: fc.oneof(fc.constantFrom('Question', 'call', '', MISSING), notString),
  name: fc.oneof(requiredText(100), fc.constantFrom('A', ' B ')),
  email: fc.oneof(requiredText(254), fc.constantFrom('not-an-email', 'a@', '@b.c', 'a b@c.d')),
  phone: fc.oneof(tooLong(30), fc.constantFrom('12', 'call me', '555-CALL-NOW'), fc.integer(), fc.constant({ $ne: '' })),
  message: fc.oneof(tooLong(2000), fc.constantFrom('', '   '), fc.integer(), fc.constant([])),
  offerDollars: fc.constantFrom(0, -5, 1.5, 'abc', 10_000_001, '1e9', '$0.50', {}),
};

const validVin = '1HGCM82633A004352';
const badFacts: Bad = {
  vin: fc.constantFrom(
    'ABC',
    '1HGCM82633A00435',
    '1HGCM82633A0043522',
    'IHGCM82633A004352',
    '1HGCM8263$A004352',
    '1HGCM82603A004352',
    'Q'.repeat(17),
  ),
  bodyType: fc.constantFrom('Boat', 'sedan', 'S.U.V.', 'Truck'),
  drivetrain: fc.constantFrom('2WD', 'fwd', 'All wheel', '6x6'),
  trim: tooLong(60),
  stockNumber: fc.oneof(
    fc.constantFrom('-A1', 'A1-', 'A 1', '#12', 'ab_cd', 'A1!', 'é12'),
    tooLong(20).map((s) => s.replaceAll('x', '7')),
  ),
};

describe('fuzzing the sales desk and the workshop with bad data', () => {
  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock('2026-06-01T14:00:00Z'), config: { WORKSHOP_TZ: 'America/New_York' } });
    admin = await createUser(ctx, { role: 'ADMIN' });
    sales = await createUser(ctx, { role: 'SALES', name: 'Sal Sales' });
    advisor = await createUser(ctx, { role: 'SERVICE_ADVISOR', name: 'Ada Advisor' });
    tech = await createUser(ctx, { role: 'TECHNICIAN', name: 'Tess Tech' });
    customer = await createUser(ctx, { name: 'Carla Customer' });
    carId = (
      await createVehicle(ctx, { status: 'available', make: 'Toyota', model: 'RAV4', year: 2022, title: 'Toyota RAV4 XLE' })
    ).id;
    const heldCarId = (await createVehicle(ctx, { status: 'available', make: 'Honda', model: 'Civic', year: 2021 })).id;
    const ok = async (request: InjectOptions) => {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data as { _id: string };
    };
    await ok({ method: 'POST', url: `/api/vehicles/${carId}/leads`, headers: customer.auth, payload: validEnquiry });
    leadId = (await ctx.database.db.select().from(leads).where(eq(leads.vehicleId, carId)))[0]!.id;
    driveId = (
      await ok({
        method: 'POST',
        url: '/api/test-drives',
        headers: customer.auth,
        payload: { vehicleId: carId, date: TOMORROW, time: '10:00 AM' },
      })
    )._id;
    reservationId = (
      await ok({ method: 'POST', url: '/api/reservations', headers: customer.auth, payload: { vehicleId: heldCarId } })
    )._id;
    savedSearchId = (
      await ok({
        method: 'POST',
        url: '/api/account/saved-searches',
        headers: customer.auth,
        payload: { name: 'SUVs', frequency: 'Daily', filters: { bodyType: 'SUV' } },
      })
    )._id;
    jobId = (
      await createBookedAppointment(ctx, {
        appointmentDate: TODAY,
        appointmentTime: '01:00 PM',
        status: 'Scheduled',
        technician: 'Tess Tech',
        technicianId: tech.id,
        vehicle: { make: 'Honda', model: 'Civic', year: '2018', registration: 'FZ-DESK' },
        customer: { name: 'Carla Customer', email: 'carla@example.com', phone: '5550001111' },
      })
    ).id;
    appointmentId = (
      await createBookedAppointment(ctx, {
        userId: customer.id,
        appointmentDate: '2026-06-03',
        appointmentTime: '10:00 AM',
        status: 'Scheduled',
      })
    ).id;
    listingId = (
      await createVehicleViaApi(
        ctx,
        customer,
        fullVehicleFields({ vin: validVin, bodyType: 'Sedan', drivetrain: 'FWD', trim: 'LE', stockNumber: 'A-100' }),
      )
    )._id;
    tables = await everyTable(ctx);
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('leads: enquiries, contact clicks, the inbox list, updates, notes and replies', async () => {
    await fuzz(
      'lead enquiry',
      160,
      fc
        .tuple(badRecord(validEnquiry, badEnquiry, { noise: true }), fc.boolean())
        .map(([body, signedIn]) =>
          fromFreshAddress(json('POST', `/api/vehicles/${carId}/leads`, signedIn ? customer.auth : {})(body)),
        ),
    );
    await fuzz(
      'lead offer and test-drive forms',
      80,
      fc
        .record({
          source: fc.constantFrom('offer', 'test-drive'),
          offerDollars: fc.constantFrom(MISSING, '', null, 0, '$0', '12.50', '1,000.5', 'lots'),
        })
        .filter((r) => r.source === 'offer' || (r.offerDollars !== MISSING && r.offerDollars !== '' && r.offerDollars !== null))
        .map(({ source, offerDollars }) => ({ ...validEnquiry, source, ...(offerDollars === MISSING ? {} : { offerDollars }) }))
        .map((body) => fromFreshAddress(json('POST', `/api/vehicles/${carId}/leads`)(body))),
    );
    await fuzz(
      'contact clicks',
      80,
      badRecord(
        { channel: 'phone' },
        { channel: fc.oneof(fc.constantFrom('sms', 'Phone', '', 'email ', MISSING), notString) },
        { noise: true },
      ).map((body) => fromFreshAddress(json('POST', `/api/vehicles/${carId}/contact-clicks`)(body))),
    );
    await fuzz(
      'lead inbox list',
      120,
      badRecord(
        {},
        {
          ...pageBad,
          status: fc.constantFrom('new', 'Open', 'won', ''),
          owner: fc.constantFrom('nobody', 'None', '', 'me', '123'),
          overdue: fc.constantFrom('yes', '1', 'TRUE', ''),
          vehicleId: fc.constantFrom('car', '', '1'),
        },
      ).map(get('/api/admin/leads', sales.auth)),
    );
    await fuzz(
      'lead update',
      120,
      fc
        .oneof(
          badRecord(
            {},
            {
              status: fc.oneof(fc.constantFrom('Open', 'won', '', 'Won'), notString),
              lostReason: fc.oneof(tooLong(300), fc.integer(), fc.constant([])),
              ownerId: fc.oneof(fc.constantFrom('me', '', 'none'), fc.integer(), fc.constant({})),
            },
          ),
          fc.constantFrom({}, { status: 'Lost' }, { status: 'Lost', lostReason: '   ' }, { ownerId: undefined }),
        )
        .map(json('PATCH', `/api/admin/leads/${leadId}`, sales.auth)),
    );
    await fuzz(
      'lead notes',
      80,
      badRecord({ text: 'Called back' }, { text: requiredText(2000) }, { noise: true }).map(
        json('POST', `/api/admin/leads/${leadId}/notes`, sales.auth),
      ),
    );
    await fuzz(
      'lead replies',
      80,
      badRecord({ message: 'Yes, it is.' }, { message: requiredText(5000) }, { noise: true }).map(
        json('POST', `/api/admin/leads/${leadId}/replies`, sales.auth),
      ),
    );
  }, 300_000);

  it('test drives: availability, booking, staff booking, rescheduling, the staff list and the settings', async () => {
    await fuzz(
      'test-drive availability',
      80,
      badRecord(
        { vehicleId: carId, date: TOMORROW },
        { vehicleId: fc.oneof(fc.constantFrom('nope', '', MISSING), fc.uuid()), date: fc.oneof(badDate, fc.constant(MISSING)) },
      ).map(get('/api/test-drives/availability')),
    );
    const booking = { vehicleId: carId, date: TOMORROW, time: '11:00 AM' };
    const badBooking: Bad = {
      vehicleId: fc.oneof(badUuid, fc.uuid(), fc.constant(MISSING)),
      date: fc.oneof(badDate, fc.constantFrom(SUNDAY, '2026-05-29', '2027-06-01', MISSING)),
      time: fc.oneof(badTime, fc.constantFrom('07:00 AM', '08:00 PM', MISSING)),
    };
    await fuzz(
      'test-drive booking',
      120,
      badRecord(booking, badBooking, { noise: true }).map(json('POST', '/api/test-drives', customer.auth)),
    );
    const walkIn = { name: 'Walter Walkin', email: 'walter@example.com', phone: '+1 555 0100 999' };
    await fuzz(
      'staff test-drive booking',
      120,
      badRecord(
        { ...booking, customer: walkIn },
        {
          ...badBooking,
          customer: fc.oneof(
            notString,
            fc.constant(MISSING),
            badRecord(walkIn, {
              name: fc.oneof(requiredText(120), fc.constant('W')),
              email: fc.constantFrom('walter', 'a@', ''),
              phone: fc.oneof(fc.constantFrom('123', ''), tooLong(40)),
            }),
          ),
          leadId: fc.oneof(fc.constantFrom('lead-1', ''), fc.integer()),
        },
      ).map(json('POST', '/api/admin/test-drives', sales.auth)),
    );
    const badMove: Bad = {
      date: fc.oneof(badDate, fc.constantFrom(SUNDAY, '2026-05-29', MISSING)),
      time: fc.oneof(badTime, fc.constantFrom('06:00 AM', MISSING)),
    };
    await fuzz(
      'test-drive reschedule',
      100,
      fc
        .tuple(badRecord({ date: TOMORROW, time: '02:00 PM' }, badMove), fc.boolean())
        .map(([body, staff]) =>
          json('PATCH', `/api/${staff ? 'admin/' : ''}test-drives/${driveId}`, staff ? sales.auth : customer.auth)(body),
        ),
    );
    await fuzz(
      'staff test-drive list',
      60,
      fc
        .constantFrom('2026-02-30', 'today', '2026-13-01', '1/6/2026', '0000-00-00')
        .map((from) => get('/api/admin/test-drives', sales.auth)({ from })),
    );
    const settings = { openDays: [1, 2, 3, 4, 5, 6], openHour: 9, closeHour: 18, demonstrators: 2 };
    await fuzz(
      'test-drive settings',
      100,
      fc
        .oneof(
          badRecord(settings, {
            openDays: fc.oneof(
              fc.constantFrom([], [7], [-1], ['1'], [1.5], 'Mon', null, [1, 1, 1, 1, 1, 1, 1, 1], MISSING),
              fc.constant([null]),
            ),
            openHour: fc.constantFrom(-1, 24, 9.5, '9', null, MISSING),
            closeHour: fc.constantFrom(0, 25, 8.5, '18', null, MISSING, 9, 5),
            demonstrators: fc.constantFrom(0, 21, 1.5, '2', null, -1, MISSING),
          }),
          fc
            .integer({ min: 1, max: 23 })
            .chain((open) =>
              fc.integer({ min: 1, max: open }).map((close) => ({ ...settings, openHour: open, closeHour: close })),
            ),
        )
        .map(json('PUT', '/api/admin/test-drives/settings', admin.auth)),
    );
  }, 300_000);

  it('reservations: holding a car, extending a hold and the staff list', async () => {
    await fuzz(
      'reservation create',
      80,
      badRecord({ vehicleId: carId }, { vehicleId: fc.oneof(badUuid, fc.uuid(), fc.constant(MISSING)) }, { noise: true }).map(
        json('POST', '/api/reservations', customer.auth),
      ),
    );
    await fuzz(
      'reservation extend',
      80,
      badRecord(
        { hours: 24 },
        { hours: fc.oneof(fc.constantFrom(0, 169, 1.5, '5', null, -1, 1e9, MISSING, Number.MAX_SAFE_INTEGER + 2), fc.boolean()) },
        { noise: true },
      ).map(json('POST', `/api/admin/reservations/${reservationId}/extend`, sales.auth)),
    );
    await fuzz(
      'reservation list',
      50,
      fc
        .constantFrom('active', 'x', '', 'ACTIVE', 'Expired,Active')
        .map((status) => get('/api/admin/reservations', sales.auth)({ status })),
    );
  }, 300_000);

  it('saved searches and saved vehicles', async () => {
    const badFilters = fc.oneof(
      fc.constantFrom('bodyType=SUV', [], null, 1),
      fc
        .record({
          year: fc.constantFrom('x', '20.5', '99999999999'),
          bodyType: fc.constantFrom('Boat', 'suv'),
          drivetrain: fc.constantFrom('2WD'),
          min_price: fc.constantFrom('-1', 'cheap'),
          max_mileage: fc.constantFrom('-1', 'far', '1e400'),
          make: tooLong(60),
          location: tooLong(120),
          search: tooLong(200),
        })
        .chain((all) =>
          fc
            .subarray(Object.keys(all), { minLength: 1 })
            .map((keys) => Object.fromEntries(keys.map((k) => [k, all[k as keyof typeof all]]))),
        ),
    );
    await fuzz(
      'saved search create',
      120,
      badRecord(
        { name: 'Cheap SUVs', frequency: 'Weekly', filters: { bodyType: 'SUV' } },
        {
          name: fc.oneof(requiredText(80), withNul),
          frequency: fc.oneof(fc.constantFrom('Hourly', 'daily', '', MISSING), notString),
          filters: badFilters,
        },
        { noise: true },
      ).map(json('POST', '/api/account/saved-searches', customer.auth)),
    );
    await fuzz(
      'saved search update',
      100,
      fc
        .oneof(
          badRecord(
            {},
            {
              name: fc.oneof(blank, tooLong(80), fc.integer(), fc.constant(null)),
              frequency: fc.constantFrom('Monthly', '', 1, null),
              emailsEnabled: fc.constantFrom('true', 1, 'no', null),
            },
          ),
          fc.constant({}),
        )
        .map(json('PATCH', `/api/account/saved-searches/${savedSearchId}`, customer.auth)),
    );
    const forged = fc.oneof(
      fc.constantFrom('', 'x', 'a.b.c', 'a.b.c.d'),
      tooLong(300),
      fc.string({ minLength: 1, maxLength: 80 }),
      fc
        .constantFrom('Daily', 'Weekly', 'Instantly', 'Hourly')
        .chain((f) => fc.string({ minLength: 0, maxLength: 60 }).map((mac) => `${customer.id}.${f}.${mac}`)),
    );
    await fuzz(
      'unsubscribe token',
      100,
      fc.tuple(forged, fc.boolean()).map(
        ([token, asMailProgram]) =>
          ({
            method: 'POST',
            url: `/api/saved-searches/unsubscribe?${new URLSearchParams({ token }).toString()}`,
            ...(asMailProgram
              ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }
              : {}),
          }) as InjectOptions,
      ),
    );
    await fuzz(
      'saved vehicles merge',
      80,
      fc
        .oneof(
          fc.constantFrom({}, { vehicleIds: null }, { vehicleIds: carId }, { vehicleIds: {} }, { vehicleIds: 'a,b' }),
          fc
            .array(fc.oneof(fc.integer(), fc.constant(null), fc.constant({}), tooLong(64)), { minLength: 1, maxLength: 3 })
            .map((bad) => ({ vehicleIds: [carId, ...bad] })),
          fc.integer({ min: 201, max: 260 }).map((n) => ({ vehicleIds: Array.from({ length: n }, () => carId) })),
        )
        .map(json('POST', '/api/account/saved-vehicles/merge', customer.auth)),
    );
  }, 300_000);

  it('workshop: check-in (JSON and multipart with junk photos), stage moves, the board and the settings', async () => {
    const checkIn = { odometer: '42000', fuelLevel: '1/2', notes: 'Scratch on the rear bumper' };
    const badCheckIn: Bad = {
      odometer: fc.oneof(
        fc.constantFrom('-1', '1.5', 'abc', '', '   ', '2000001', '1e3', '0x10', '42,000', MISSING),
        fc.constantFrom(-1, 1.5, 1e21, 2_000_001, null, true),
      ),
      fuelLevel: fc.oneof(fc.constantFrom('Half', 'full', '', '1/3', MISSING), notString),
      notes: fc.oneof(tooLong(2000), fc.integer(), fc.constant([])),
    };
    const photos = () => ctx.app.deps.storage.list('check-ins');
    const files = await photos();
    await fuzz(
      'check-in json',
      100,
      badRecord(checkIn, badCheckIn, { noise: true }).map(json('POST', `/api/workshop/jobs/${jobId}/check-in`, advisor.auth)),
    );
    const png = await pngImage();
    await fuzz(
      'check-in multipart',
      100,
      fc
        .oneof(
          fc.tuple(badRecord(checkIn, stringOnly(badCheckIn)), junkPhotos(png)),
          // Valid fields with junk photos are bad too: the photos are not PNG or JPEG.
          fc.tuple(fc.constant(checkIn), junkPhotos(png, 1)),
        )
        .map(([fields, parts]) => form('POST', `/api/workshop/jobs/${jobId}/check-in`, advisor.auth)(fields, parts)),
    );
    expect(await photos(), 'no photo stored by a refused check-in').toEqual(files);
    const stage = fc.oneof(fc.constantFrom('No-show', 'scheduled', 'Done', '', 'Checked  in', MISSING), notString);
    await fuzz(
      'stage moves',
      100,
      fc
        .tuple(badRecord({ from: 'Scheduled', to: 'Checked in' }, { from: stage, to: stage }), fc.constantFrom(advisor, tech))
        .map(([body, user]) => json('POST', `/api/workshop/jobs/${jobId}/move`, user.auth)(body)),
    );
    await fuzz(
      'board query',
      100,
      fc
        .tuple(
          badRecord(
            {},
            {
              date: fc.constantFrom('2026-02-30', 'today', '2026-6-1', '', '2026-13-01'),
              view: fc.constantFrom('month', 'Day', ''),
              technicianId: fc.constantFrom('tess', '', '1'),
            },
          ),
          fc.constantFrom(advisor, tech),
        )
        .map(([q, user]) => get('/api/workshop/board', user.auth)(q)),
    );
    await fuzz(
      'my jobs query',
      50,
      badRecord({}, { date: fc.constantFrom('2026-02-30', 'today', '2026-6-1', '', '2150-01-01', '0099-01-01') }).map((q) => get('/api/workshop/my-jobs', tech.auth)(q)),
    );
    const counts = { serviceBays: 4, bodyBays: 1, paintBooths: 1 };
    const duration = { specificService: 'Oil Change', unit: 'hours', amount: 1, resource: 'Service bay' };
    const badCount = fc.constantFrom(0, 51, 1.5, '2', null, -1, MISSING);
    await fuzz(
      'workshop settings',
      100,
      badRecord(
        { resources: counts, services: [duration] },
        {
          resources: fc.oneof(
            fc.constantFrom(null, [], 'many', MISSING),
            badRecord(counts, { serviceBays: badCount, bodyBays: badCount, paintBooths: badCount }),
          ),
          services: fc.oneof(
            fc.constantFrom(null, 'Oil Change', {}, [duration, duration]),
            badRecord(duration, {
              specificService: fc.constantFrom('Rocket Tuning', 'oil change', '', MISSING),
              unit: fc.constantFrom('weeks', 'Hours', '', MISSING),
              amount: fc.constantFrom(0, -1, 1.5, '1', 10_000, null, MISSING),
              resource: fc.constantFrom('Garage', 'service bay', '', MISSING),
            }).map((entry) => [entry]),
            fc
              .constantFrom({ unit: 'hours', amount: 99 }, { unit: 'days', amount: 11, resource: 'Body bay' })
              .map((long) => [{ ...duration, ...long }]),
          ),
        },
      ).map(json('PUT', '/api/admin/workshop/settings', admin.auth)),
    );
  }, 300_000);

  it('user roles and the listing facts: create, update, the list filters, facets, price guide and review', async () => {
    await fuzz(
      'role change',
      60,
      fc
        .tuple(
          badRecord(
            { role: 'SALES' },
            { role: fc.oneof(fc.constantFrom('admin', 'SUPERUSER', '', 'Sales', 'OWNER', MISSING), notString) },
            { noise: true },
          ),
          fc.constantFrom(customer, tech),
        )
        .map(([body, target]) => json('PATCH', `/api/users/${target.id}/role`, admin.auth)(body)),
    );
    await fuzz(
      'facts create json',
      100,
      badRecord(fullVehicleFields(), badFacts, { noise: true }).map(json('POST', '/api/vehicles', customer.auth)),
    );
    await fuzz(
      'facts create multipart',
      80,
      badRecord(fullVehicleFields(), badFacts).map(form('POST', '/api/vehicles', customer.auth)),
    );
    await fuzz(
      'facts update json',
      80,
      badRecord({}, presentText(badFacts)).map(json('PATCH', `/api/vehicles/${listingId}`, customer.auth)),
    );
    await fuzz(
      'facts update multipart',
      60,
      badRecord({}, presentText(badFacts)).map(form('PATCH', `/api/vehicles/${listingId}`, customer.auth)),
    );
    await fuzz(
      'list filters',
      100,
      badRecord(
        { page: '1' },
        {
          bodyType: fc.constantFrom('Boat', 'suv', 'SUV,Sedan'),
          drivetrain: fc.constantFrom('2WD', 'awd'),
          condition: fc.constantFrom('Broken', 'new'),
          make: tooLong(60),
          model: tooLong(60),
          location: tooLong(120),
          max_mileage: fc.constantFrom('-1', 'far', '1.5', '99999999999', '1e400'),
        },
        { noise: true },
      ).map(get('/api/vehicles')),
    );
    await fuzz(
      'facets',
      40,
      tooLong(60).map((make) => get('/api/vehicles/facets')({ make })),
    );
    await fuzz(
      'price guide',
      60,
      badRecord(
        { make: 'Toyota', model: 'Corolla', year: '2019' },
        {
          make: fc.oneof(blank, tooLong(60), fc.constant(MISSING)),
          model: fc.oneof(blank, tooLong(60), fc.constant(MISSING)),
          year: fc.constantFrom('1899', '2101', 'old', '20.5', '', MISSING),
        },
      ).map(get('/api/vehicles/price-guide', customer.auth)),
    );
    await fuzz(
      'listing review',
      60,
      badRecord(
        { action: 'send-back', reason: 'Add photos of the interior' },
        {
          action: fc.oneof(fc.constantFrom('approve', 'Reject', '', MISSING), notString),
          reason: fc.oneof(requiredText(500), withNul),
        },
      ).map(json('POST', `/api/vehicles/${listingId}/review`, sales.auth)),
    );
  }, 300_000);

  it('the workshop calendar, the e-mail log and walk-in bookings', async () => {
    await fuzz(
      'closure days query',
      40,
      fc.constantFrom('2026-13', '2026-1', 'june', '0000-01', '2026-06-01').map((month) => get('/api/closure-days')({ month })),
    );
    await fuzz(
      'closure day create',
      80,
      badRecord(
        { date: '2026-06-20', reason: 'Stocktake' },
        { date: fc.oneof(badDate, fc.constant(MISSING)), reason: fc.oneof(requiredText(200), withNul) },
        { noise: true },
      ).map(json('POST', '/api/admin/closure-days', advisor.auth)),
    );
    await fuzz(
      'closure day delete',
      40,
      fc
        .constantFrom('2026-02-30', 'today', '2026-6-20', 'x', '0000-00-00')
        .map(
          (date) =>
            ({
              method: 'DELETE',
              url: `/api/admin/closure-days/${encodeURIComponent(date)}`,
              headers: advisor.auth,
            }) as InjectOptions,
        ),
    );
    await fuzz(
      'e-mail log query',
      50,
      badRecord({}, { ...pageBad, status: fc.constantFrom('sent', 'Queued', '') }).map(get('/api/admin/emails', admin.auth)),
    );
    const walkIn = {
      maintenanceType: 'routine',
      specificService: 'Oil Change',
      appointmentDate: TOMORROW,
      appointmentTime: '10:00 AM',
      vehicle: { make: 'Ford', model: 'Focus', year: '2017', registration: 'WALK-1' },
      customer: { name: 'Walter Walkin', phone: '+1 555 0100 999', email: '' },
    };
    await fuzz(
      'walk-in booking',
      80,
      badRecord(
        walkIn,
        {
          maintenanceType: fc.constantFrom('unknown', 'ROUTINE', MISSING),
          specificService: fc.constantFrom('Not a service', 'Brake Pad Replacement', '', MISSING),
          appointmentDate: fc.oneof(badDate, fc.constantFrom(SUNDAY, '2026-05-29')),
          appointmentTime: fc.constantFrom('08:30 AM', '7 PM', '', MISSING),
          vehicle: fc.oneof(
            notString,
            fc.constant(MISSING),
            fc.record({
              make: requiredText(60),
              model: fc.constant('Focus'),
              year: fc.constantFrom('abcd', '19'),
              registration: requiredText(20),
            }),
          ),
          customer: fc.oneof(
            notString,
            fc.record({
              name: fc.constantFrom('a', '', ' '),
              email: fc.constantFrom('x', 'a@'),
              phone: fc.constantFrom('123', ''),
            }),
          ),
          userId: fc.constantFrom('someone', '', 7),
        },
        { noise: true },
      ).map(json('POST', '/api/maintenance/admin/bookings', advisor.auth)),
    );
  }, 300_000);

  it("the workshop calendar's service durations, a customer's reschedule and the forgotten-password form", async () => {
    const service = fc.constantFrom('Rocket Tuning', 'oil change', 'Oil Change ', '1', '[]');
    await fuzz(
      'availability service',
      60,
      fc
        .tuple(service, fc.boolean())
        .map(([name, month]) =>
          month
            ? get('/api/maintenance/availability/month')({ month: '2026-06', service: name })
            : get('/api/maintenance/availability')({ date: TOMORROW, service: name }),
        ),
    );
    await fuzz(
      'maintenance reschedule',
      80,
      badRecord(
        { appointmentDate: '2026-06-04', appointmentTime: '11:00 AM' },
        {
          appointmentDate: fc.oneof(badDate, fc.constantFrom(SUNDAY, '2026-05-29', MISSING)),
          appointmentTime: fc.oneof(badTime, fc.constantFrom('07:00 AM', MISSING)),
        },
        { noise: true },
      ).map(json('PATCH', `/api/maintenance/${appointmentId}/reschedule`, customer.auth)),
    );
    await fuzz(
      'forgot password',
      60,
      badRecord(
        { email: customer.email },
        { email: fc.oneof(requiredText(254), fc.constantFrom('not-an-email', 'a@', '@b.c', 'a b@c.d')) },
      ).map((body) => fromFreshAddress(json('POST', '/api/auth/forgot-password')(body))),
    );
  }, 300_000);

  it('unknown ids in the path of every record route, and NUL characters in text and queries', async () => {
    const routes: [InjectOptions['method'], (id: string) => string, TestUser | null, unknown][] = [
      ['POST', (id) => `/api/vehicles/${id}/leads`, null, validEnquiry],
      ['POST', (id) => `/api/vehicles/${id}/contact-clicks`, null, { channel: 'phone' }],
      ['GET', (id) => `/api/admin/leads/${id}`, sales, undefined],
      ['PATCH', (id) => `/api/admin/leads/${id}`, sales, { status: 'Contacted' }],
      ['POST', (id) => `/api/admin/leads/${id}/notes`, sales, { text: 'Called' }],
      ['POST', (id) => `/api/admin/leads/${id}/replies`, sales, { message: 'Hello' }],
      ['POST', (id) => `/api/admin/leads/${id}/sale`, sales, undefined],
      ['PATCH', (id) => `/api/test-drives/${id}`, customer, { date: TOMORROW, time: '03:00 PM' }],
      ['DELETE', (id) => `/api/test-drives/${id}`, customer, undefined],
      ['PATCH', (id) => `/api/admin/test-drives/${id}`, sales, { date: TOMORROW, time: '03:00 PM' }],
      ['DELETE', (id) => `/api/admin/test-drives/${id}`, sales, undefined],
      ['DELETE', (id) => `/api/reservations/${id}`, customer, undefined],
      ['POST', (id) => `/api/admin/reservations/${id}/extend`, sales, { hours: 2 }],
      ['POST', (id) => `/api/admin/reservations/${id}/end`, sales, undefined],
      ['PATCH', (id) => `/api/account/saved-searches/${id}`, customer, { name: 'Renamed' }],
      ['DELETE', (id) => `/api/account/saved-searches/${id}`, customer, undefined],
      ['PUT', (id) => `/api/account/saved-vehicles/${id}`, customer, undefined],
      ['GET', (id) => `/api/workshop/jobs/${id}`, advisor, undefined],
      ['POST', (id) => `/api/workshop/jobs/${id}/check-in`, advisor, { odometer: '100', fuelLevel: 'Full' }],
      ['POST', (id) => `/api/workshop/jobs/${id}/no-show`, advisor, undefined],
      ['POST', (id) => `/api/workshop/jobs/${id}/move`, advisor, { from: 'Scheduled', to: 'Checked in' }],
      ['PATCH', (id) => `/api/users/${id}/role`, admin, { role: 'SALES' }],
      ['POST', (id) => `/api/vehicles/${id}/review`, sales, { action: 'reject', reason: 'Blurry photos' }],
      ['GET', (id) => `/api/vehicles/${id}/hold`, null, undefined],
      ['GET', (id) => `/api/admin/vehicles/${id}/contact-clicks`, sales, undefined],
    ];
    await fuzz(
      'unknown path ids',
      160,
      fc
        .tuple(fc.constantFrom(...routes), unknownId)
        .map(([[method, url, user, body], id]) =>
          fromFreshAddress(
            body === undefined
              ? ({ method, url: url(encodeURIComponent(id)), headers: user?.auth ?? {} } as InjectOptions)
              : json(method, url(encodeURIComponent(id)), user?.auth ?? {})(body),
          ),
        ),
    );
    await fuzz(
      'nul check-in multipart',
      60,
      badRecord(
        { odometer: '42000', fuelLevel: 'Full', notes: 'Dent' },
        { notes: withNul, odometer: withNul, fuelLevel: withNul },
      ).map(form('POST', `/api/workshop/jobs/${jobId}/check-in`, advisor.auth)),
    );
    await fuzz(
      'nul listing facts multipart',
      60,
      badRecord(fullVehicleFields(), { trim: withNul, stockNumber: withNul, vin: withNul }).map(form('POST', '/api/vehicles', customer.auth)),
    );
    const walkIn = { name: 'Walter Walkin', email: 'walter@example.com', phone: '+1 555 0100 999' };
    const nulBodies: [InjectOptions['method'], string, TestUser | null, (text: string) => Record<string, unknown>][] = [
      ['POST', `/api/vehicles/${carId}/leads`, null, (text) => ({ ...validEnquiry, name: text })],
      ['POST', `/api/vehicles/${carId}/leads`, null, (text) => ({ ...validEnquiry, message: text })],
      ['POST', `/api/admin/leads/${leadId}/notes`, sales, (text) => ({ text })],
      ['POST', `/api/admin/leads/${leadId}/replies`, sales, (message) => ({ message })],
      ['PATCH', `/api/admin/leads/${leadId}`, sales, (lostReason) => ({ status: 'Lost', lostReason })],
      [
        'POST',
        '/api/admin/test-drives',
        sales,
        (name) => ({ vehicleId: carId, date: TOMORROW, time: '04:00 PM', customer: { ...walkIn, name } }),
      ],
      ['PATCH', `/api/account/saved-searches/${savedSearchId}`, customer, (name) => ({ name })],
      [
        'POST',
        '/api/workshop/jobs/' + jobId + '/check-in',
        advisor,
        (notes) => ({ odometer: '42000', fuelLevel: 'Full', notes }),
      ],
    ];
    await fuzz(
      'nul json bodies',
      80,
      fc
        .tuple(fc.constantFrom(...nulBodies), withNul)
        .map(([[method, url, user, body], text]) => fromFreshAddress(json(method, url, user?.auth ?? {})(body(text)))),
    );
    await fuzz(
      'nul queries',
      60,
      fc
        .tuple(
          fc.constantFrom<[string, string, TestUser | null]>(
            ['/api/vehicles', 'location', null],
            ['/api/vehicles', 'make', null],
            ['/api/vehicles/facets', 'make', null],
            ['/api/admin/leads', 'owner', sales],
            ['/api/workshop/board', 'technicianId', advisor],
            ['/api/test-drives/availability', 'vehicleId', null],
            ['/api/saved-searches/unsubscribe', 'token', null],
          ),
          withNul,
        )
        .map(
          ([[url, key, user], value]) =>
            ({
              ...get(url, user?.auth ?? {})({ [key]: value }),
              method: url.endsWith('unsubscribe') ? 'POST' : 'GET',
            }) as InjectOptions,
        ),
    );
  }, 300_000);

  it('sent the planned generated bad inputs', () => {
    console.log(`fuzz-desk: ${sent()} generated bad inputs sent over ${tables.length} tables`);
    expect(sent()).toBeGreaterThanOrEqual(3_900);
  });
});
