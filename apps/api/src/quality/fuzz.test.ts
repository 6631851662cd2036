// Property-based fuzzing (fast-check) of every JSON body, query string and multipart form the API
// takes: 10,000 generated bad inputs in all. Each input has at least one field that is certainly
// invalid; the server must answer a 4xx (never a 5xx) with the error envelope, and no table may change.
// The sales desk's and workshop's routes (leads, test drives, holds, saved searches and cars, the job
// board, listing facts) are fuzzed in fuzz-desk.test.ts; the generators and `fuzz` live in fuzz-kit.ts.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { TimeSlot } from '@dealer/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { bookingBody, createAdmin, createUser, fullVehicleFields, futureBookingDates, type TestUser } from '../test/factories';
import { bookOk, createVehicleViaApi } from '../test/requests';
import { multipart } from '../test/multipart';
import {
  asFields,
  badRecord,
  blank,
  createFuzzer,
  formRequiredText,
  json,
  MISSING,
  notString,
  presentText,
  query,
  requiredText,
  stringOnly,
  tooLong,
  withNul,
  type Bad,
} from './fuzz-kit';

let ctx: TestContext;
let user: TestUser;
let admin: TestUser;
let target: TestUser;
let listingId: string;
let appointmentId: string;

const { fuzz, sent } = createFuzzer(() => ctx);

const validRegister = {
  username: 'fuzzuser',
  name: 'Fuzz User',
  phone: '+1 555 0100 200',
  email: 'fuzz@example.com',
  address: '1 Fuzz Street',
  password: 'Password123!',
  confirmPassword: 'Password123!',
};
const badRegister: Bad = {
  username: fc.oneof(formRequiredText(30), fc.constantFrom('a..b', 'bad name!', '.start', 'ends.', 'ünïcode', 'semi;colon')),
  name: formRequiredText(100),
  phone: formRequiredText(30),
  email: fc.oneof(formRequiredText(254), fc.constantFrom('not-an-email', 'a@', '@b.c', 'a b@c.d')),
  address: formRequiredText(300),
  password: fc.oneof(fc.constantFrom('short', '1234567', ''), tooLong(128), fc.constant(MISSING)),
  // Left out is accepted (the spec's client sends none); sent, it must match.
  confirmPassword: fc.constantFrom('Mismatch123!', ''),
};

const badVehicle: Bad = {
  make: formRequiredText(60),
  model: formRequiredText(60),
  year: fc.constantFrom('99', '1899', '3000', 'abcd', '20.5', '', 'NaN', MISSING),
  price: fc.constantFrom('-1', 'abc', '200000000', 'Infinity', '', MISSING),
  title: formRequiredText(120),
  mileage: fc.constantFrom('-5', '1.5', 'x', '99999999999'),
  transmission: fc.constantFrom('Warp', 'automatic!', '1'),
  fuelType: fc.constantFrom('Plutonium', 'electric ', 'Gas'),
  condition: fc.constantFrom('Broken', 'new', 'X'),
  description: fc.oneof(fc.constantFrom('short', 'too short'), tooLong(5000)),
  contactEmail: fc.constantFrom('nope', 'a@', 'x@y'),
  location: tooLong(120),
  status: fc.constantFrom('bogus', 'SOLD', 'deleted'),
};
function nextSunday(): string {
  for (let d = 2; ; d += 1) {
    const day = new Date(Date.now() + d * 86_400_000);
    if (day.getUTCDay() === 0) return day.toISOString().slice(0, 10);
  }
}

/** A valid booking by the fuzz user, the base the booking fuzzers corrupt. */
const fuzzBooking = (appointmentDate: string, appointmentTime: TimeSlot, registration: string) =>
  bookingBody({
    appointmentDate,
    appointmentTime,
    additionalNotes: 'none',
    vehicle: { registration },
    customer: { name: 'Fuzz User', email: 'fuzz@example.com' },
  });

describe('fuzzing every input with bad data', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createUser(ctx);
    admin = await createAdmin(ctx);
    target = await createUser(ctx);
    listingId = (await createVehicleViaApi(ctx, user, fullVehicleFields()))._id;
    const [date] = futureBookingDates(1);
    appointmentId = (await bookOk(ctx, user, fuzzBooking(date!, '10:00 AM', 'FZ-1')))._id;
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('POST /api/auth/register (JSON and multipart, with junk files)', async () => {
    await fuzz('register json', 500, badRecord(validRegister, badRegister, { noise: true }).map(json('POST', '/api/auth/register')));
    await fuzz(
      'register multipart',
      400,
      fc
        .tuple(badRecord(validRegister, stringOnly(badRegister)), fc.option(fc.uint8Array({ maxLength: 2048 }), { nil: undefined }))
        .map(([fields, file]) => {
          const form = multipart(asFields(fields), file ? [{ name: 'avatar', filename: 'a.jpg', contentType: 'image/jpeg', data: Buffer.from(file) }] : []);
          return { method: 'POST', url: '/api/auth/register', headers: form.headers, payload: form.payload } as InjectOptions;
        }),
    );
    await fuzz(
      'register garbage bodies',
      100,
      fc.oneof(fc.string(), fc.constantFrom('{"username":', '[', 'null', '"x"', '{}')).map((payload) => ({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload }) as InjectOptions),
    );
  }, 300_000);

  it('POST /api/auth/login', async () => {
    const bad: Bad = {
      emailOrUsername: requiredText(254),
      password: fc.oneof(fc.constantFrom('short', '1234567', ''), tooLong(128), notString, fc.constant(MISSING)),
    };
    await fuzz('login', 700, badRecord({ emailOrUsername: user.email, password: user.password }, bad, { noise: true }).map(json('POST', '/api/auth/login')));
  }, 300_000);

  it('PATCH /api/users/profile (JSON and multipart)', async () => {
    const valid = { name: 'Fuzz User', phone: '+1 555 0100 200', address: '1 Fuzz Street', oldPassword: user.password };
    // The profile takes the non-empty fields only (blank or absent means unchanged): what is
    // certainly bad is text over its limit, or a new password that is too short or the old one.
    const bad: Bad = {
      name: tooLong(100),
      phone: tooLong(30),
      address: tooLong(300),
      password: fc.constantFrom('short', '1234567', user.password),
    };
    await fuzz('profile json', 500, badRecord(valid, bad).map(json('PATCH', '/api/users/profile', user.auth)));
    await fuzz(
      'profile multipart',
      300,
      fc.tuple(badRecord(valid, stringOnly(bad)), fc.uint8Array({ minLength: 1, maxLength: 1024 })).map(([fields, file]) => {
        const form = multipart(asFields(fields), [{ name: 'file', filename: 'me.png', contentType: 'image/png', data: Buffer.from(file) }]);
        return { method: 'PATCH', url: '/api/users/profile', headers: { ...user.auth, ...form.headers }, payload: form.payload } as InjectOptions;
      }),
    );
  }, 300_000);

  it('POST /api/vehicles and PATCH /api/vehicles/:id (JSON and multipart with junk photos)', async () => {
    await fuzz('vehicle create json', 500, badRecord(fullVehicleFields(), badVehicle, { noise: true }).map(json('POST', '/api/vehicles', user.auth)));
    await fuzz(
      'vehicle create multipart',
      400,
      fc
        .tuple(fc.oneof(badRecord(fullVehicleFields(), stringOnly(badVehicle)), fc.constant(fullVehicleFields())), fc.array(fc.uint8Array({ minLength: 1, maxLength: 2048 }), { minLength: 1, maxLength: 3 }))
        .map(([fields, files]) => {
          // Valid fields with junk photos are bad too: the photos are not PNG or JPEG.
          const form = multipart(asFields(fields), files.map((f, i) => ({ name: 'images', filename: `p${i}.jpg`, contentType: 'image/jpeg', data: Buffer.from(f) })));
          return { method: 'POST', url: '/api/vehicles', headers: { ...user.auth, ...form.headers }, payload: form.payload } as InjectOptions;
        }),
    );
    const badUpdate: Bad = { ...presentText(badVehicle), existingImages: fc.constantFrom(['not-a-key'], [{ key: 'nope' }]) };
    await fuzz('vehicle update json', 600, badRecord({}, badUpdate).map(json('PATCH', `/api/vehicles/${listingId}`, user.auth)));
    await fuzz(
      'vehicle update multipart',
      300,
      badRecord({}, { ...presentText(badVehicle), 'existingImages[0][key]': fc.constantFrom('unknown-key', '../../etc/passwd') }).map((fields) => {
        const form = multipart(asFields(fields));
        return { method: 'PATCH', url: `/api/vehicles/${listingId}`, headers: { ...user.auth, ...form.headers }, payload: form.payload } as InjectOptions;
      }),
    );
    await fuzz(
      'vehicle id params',
      200,
      fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.uuid()).map((id) => ({ method: 'PATCH', url: `/api/vehicles/${encodeURIComponent(id)}`, headers: user.auth, payload: { price: 1 } }) as InjectOptions),
    );
  }, 300_000);

  it('GET /api/vehicles query', async () => {
    const bad: Bad = {
      page: fc.constantFrom('0', '-1', 'abc', '1.5', '1e400'),
      limit: fc.constantFrom('0', '101', 'x', '-3'),
      min_price: fc.constantFrom('-1', 'x'),
      max_price: fc.constantFrom('-3', 'cheap'),
      year: fc.constantFrom('x', '20.5'),
      min_year: fc.constantFrom('y'),
      fuelType: fc.constantFrom('Plutonium', 'electric'),
      transmission: fc.constantFrom('Warp'),
      status: fc.constantFrom('bogus', 'ACTIVE'),
      sort: fc.constantFrom('price', 'x:y', 'price:up', 'createdAt'),
      search: tooLong(200),
    };
    await fuzz('vehicle list', 1000, badRecord({ page: '1' }, bad, { noise: true }).map((q) => ({ method: 'GET', url: `/api/vehicles?${query(q)}` }) as InjectOptions));
    await fuzz('vehicles mine', 100, badRecord({}, { page: bad.page!, limit: bad.limit! }).map((q) => ({ method: 'GET', url: `/api/vehicles/mine?${query(q)}`, headers: user.auth }) as InjectOptions));
  }, 300_000);

  it('POST /api/maintenance', async () => {
    const [date] = futureBookingDates(1, 3);
    const sunday = nextSunday();
    const valid = fuzzBooking(date!, '09:00 AM', 'FZ-2');
    const bad: Bad = {
      maintenanceType: fc.oneof(fc.constantFrom('unknown', 'ROUTINE', MISSING), notString),
      specificService: fc.oneof(requiredText(100), fc.constantFrom('Not a service', 'Brake Pad Replacement')),
      appointmentDate: fc.constantFrom('2024-02-30', 'tomorrow', '2020-01-01', sunday, '2026-13-01', '', MISSING, '20261201'),
      appointmentTime: fc.constantFrom('08:30 AM', '7 PM', '20:00', '', MISSING, '07:00 AM'),
      vehicle: fc.oneof(
        notString,
        fc.constant(MISSING),
        fc.record({ make: requiredText(60), model: fc.constant('Corolla'), year: fc.constantFrom('abcd', '19', ''), registration: requiredText(20) }),
      ),
      customer: fc.oneof(
        notString,
        fc.constant(MISSING),
        fc.record({ name: fc.constantFrom('a', '', ' '), email: fc.constantFrom('x', 'a@'), phone: fc.constantFrom('123', '') }),
      ),
      additionalNotes: fc.oneof(tooLong(1000), fc.integer()),
    };
    await fuzz('booking', 1300, badRecord(valid, bad, { noise: true }).map(json('POST', '/api/maintenance', user.auth)));
  }, 300_000);

  it('PATCH /api/maintenance/:id (admin) and DELETE cancel on unknown ids', async () => {
    const bad: Bad = {
      status: fc.constantFrom('Done', 'pending', '', 1),
      cost: fc.constantFrom(-1, 'abc', 2_000_000, 'NaN', true, '-5'),
      technician: fc.oneof(tooLong(100), fc.integer(), fc.constant(true)),
      notes: fc.oneof(tooLong(5000), fc.integer()),
    };
    await fuzz(
      'maintenance update',
      500,
      fc.oneof(badRecord({}, bad), fc.constant({})).map(json('PATCH', `/api/maintenance/${appointmentId}`, admin.auth)),
    );
    await fuzz(
      'maintenance ids',
      200,
      fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.uuid()).map((id) => ({ method: 'DELETE', url: `/api/maintenance/${encodeURIComponent(id)}/cancel`, headers: user.auth }) as InjectOptions),
    );
  }, 300_000);

  it('maintenance queries: history, availability, month, admin list', async () => {
    const pageBad = { page: fc.constantFrom('0', '-1', 'x'), limit: fc.constantFrom('0', '101', 'x') };
    await fuzz('history', 300, badRecord({}, { status: fc.constantFrom('Done', 'pending'), ...pageBad }).map((q) => ({ method: 'GET', url: `/api/maintenance/history?${query(q)}`, headers: user.auth }) as InjectOptions));
    await fuzz(
      'availability',
      400,
      fc.oneof(fc.string({ maxLength: 20 }).filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s)), fc.constantFrom('2026-02-30', '2026-00-10', '2026-1-1')).map((date) => ({ method: 'GET', url: `/api/maintenance/availability?${query({ date })}` }) as InjectOptions),
    );
    await fuzz(
      'availability month',
      300,
      fc.oneof(fc.string({ maxLength: 12 }).filter((s) => !/^\d{4}-(0[1-9]|1[0-2])$/.test(s)), fc.constantFrom('2026-13', '2026-00', '26-01')).map((month) => ({ method: 'GET', url: `/api/maintenance/availability/month?${query({ month })}` }) as InjectOptions),
    );
    await fuzz(
      'admin maintenance list',
      400,
      badRecord({}, { status: fc.constantFrom('Done', 'x'), dateFrom: fc.constantFrom('2020-13-01', 'x'), dateTo: fc.constantFrom('2020-02-30'), search: tooLong(200), ...pageBad }).map(
        (q) => ({ method: 'GET', url: `/api/maintenance/admin/all?${query(q)}`, headers: admin.auth }) as InjectOptions,
      ),
    );
  }, 300_000);

  it('admin users: list, status, search, audit; password reset', async () => {
    await fuzz(
      'users list',
      400,
      badRecord({}, {
        status: fc.constantFrom('banned', 'ACTIVE'),
        joinedFrom: fc.constantFrom('2020-13-01', 'yesterday'),
        joinedTo: fc.constantFrom('2020-02-30'),
        page: fc.constantFrom('0', 'x'),
        limit: fc.constantFrom('0', '101'),
        search: tooLong(200),
      }).map((q) => ({ method: 'GET', url: `/api/users?${query(q)}`, headers: admin.auth }) as InjectOptions),
    );
    await fuzz(
      'users list dates reversed',
      50,
      fc.constant(0).map(() => ({ method: 'GET', url: '/api/users?joinedFrom=2026-05-02&joinedTo=2026-05-01', headers: admin.auth }) as InjectOptions),
    );
    await fuzz(
      'user status',
      500,
      fc
        .oneof(
          badRecord({ status: 'active' }, { status: fc.oneof(fc.constantFrom('banned', 'ACTIVE', '', MISSING), notString), reason: fc.oneof(tooLong(1000), fc.integer()) }),
          fc.record({ status: fc.constant('suspended'), reason: fc.constantFrom('', '   ', MISSING) }).map((r) => (r.reason === MISSING ? { status: r.status } : r)),
        )
        .map(json('PATCH', `/api/users/${target.id}/status`, admin.auth)),
    );
    await fuzz('admin search', 200, fc.oneof(blank, tooLong(100)).map((q) => ({ method: 'GET', url: `/api/admin/search?${query({ q })}`, headers: admin.auth }) as InjectOptions));
    await fuzz(
      'audit',
      200,
      badRecord({ entityType: 'vehicle', entityId: listingId }, { entityType: fc.constantFrom('car', '', MISSING), entityId: fc.oneof(blank, tooLong(100), fc.constant(MISSING)) }).map(
        (q) => ({ method: 'GET', url: `/api/admin/audit?${query(q)}`, headers: admin.auth }) as InjectOptions,
      ),
    );
    await fuzz(
      'site-wide audit log',
      200,
      badRecord(
        { kind: 'vehicle', page: '1' },
        { kind: fc.constantFrom('car', 'VEHICLE'), dateFrom: fc.constantFrom('2026-13-01', 'yesterday', '2026-02-30'), page: fc.constantFrom('0', '-1', 'x', '1.5'), limit: fc.constantFrom('0', '1000', 'x'), person: tooLong(101) },
      ).map((q) => ({ method: 'GET', url: `/api/admin/audit-log?${query(q)}`, headers: admin.auth }) as InjectOptions),
    );
    await fuzz(
      'reset link check',
      100,
      badRecord({ token: 'a'.repeat(43) }, { token: fc.oneof(fc.constantFrom('', MISSING), notString) }).map(json('POST', '/api/auth/password-reset/check')),
    );
    await fuzz(
      'password reset',
      300,
      badRecord(
        { token: 'a'.repeat(43), password: 'Password123!', confirmPassword: 'Password123!' },
        { token: fc.oneof(fc.constantFrom('', MISSING), fc.string({ minLength: 1, maxLength: 80 }), notString), password: fc.constantFrom('short', ''), confirmPassword: fc.constantFrom('Mismatch-1') },
      ).map(json('POST', '/api/auth/password-reset')),
    );
  }, 300_000);

  it('NUL characters in every kind of text field (JSON, multipart, query, path)', async () => {
    const valid = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, v]) => typeof v === 'string'));
    const nulIn = (record: Record<string, unknown>): Bad => Object.fromEntries(Object.keys(valid(record)).map((k) => [k, withNul]));
    await fuzz('nul register json', 200, badRecord(validRegister, nulIn(validRegister)).map(json('POST', '/api/auth/register')));
    await fuzz(
      'nul register multipart',
      200,
      badRecord(validRegister, nulIn(validRegister)).map((fields) => {
        const form = multipart(asFields(fields));
        return { method: 'POST', url: '/api/auth/register', headers: form.headers, payload: form.payload } as InjectOptions;
      }),
    );
    await fuzz('nul login', 100, badRecord({ emailOrUsername: user.email, password: user.password }, { emailOrUsername: withNul, password: withNul }).map(json('POST', '/api/auth/login')));
    const profile = { name: 'Fuzz User', phone: '+1 555 0100 200', address: '1 Fuzz Street', oldPassword: user.password };
    await fuzz('nul profile json', 150, badRecord(profile, { name: withNul, phone: withNul, address: withNul }).map(json('PATCH', '/api/users/profile', user.auth)));
    await fuzz(
      'nul profile multipart',
      150,
      badRecord(profile, { name: withNul, phone: withNul, address: withNul }).map((fields) => {
        const form = multipart(asFields(fields));
        return { method: 'PATCH', url: '/api/users/profile', headers: { ...user.auth, ...form.headers }, payload: form.payload } as InjectOptions;
      }),
    );
    const listingText = { title: withNul, make: withNul, model: withNul, description: fc.constant('A fine car\u0000 with a NUL'), location: withNul, exteriorColor: withNul, interiorColor: withNul, contactPhone: withNul };
    await fuzz('nul vehicle create json', 200, badRecord(fullVehicleFields(), listingText).map(json('POST', '/api/vehicles', user.auth)));
    await fuzz(
      'nul vehicle create multipart',
      150,
      badRecord(fullVehicleFields(), listingText).map((fields) => {
        const form = multipart(asFields(fields));
        return { method: 'POST', url: '/api/vehicles', headers: { ...user.auth, ...form.headers }, payload: form.payload } as InjectOptions;
      }),
    );
    await fuzz('nul vehicle update json', 150, badRecord({}, listingText).map(json('PATCH', `/api/vehicles/${listingId}`, user.auth)));
    await fuzz(
      'nul vehicle update multipart',
      150,
      badRecord({}, listingText).map((fields) => {
        const form = multipart(asFields(fields));
        return { method: 'PATCH', url: `/api/vehicles/${listingId}`, headers: { ...user.auth, ...form.headers }, payload: form.payload } as InjectOptions;
      }),
    );
    const [date] = futureBookingDates(1, 4);
    const booking = fuzzBooking(date!, '11:00 AM', 'FZ-3');
    await fuzz(
      'nul booking',
      200,
      badRecord(booking, {
        vehicle: fc.record({ make: withNul, model: fc.constant('Corolla'), year: fc.constant('2019'), registration: withNul }),
        customer: fc.record({ name: withNul, email: fc.constant('fuzz@example.com'), phone: fc.constant('+1 555 010 0101') }),
        additionalNotes: withNul,
      }).map(json('POST', '/api/maintenance', user.auth)),
    );
    await fuzz('nul maintenance update', 100, badRecord({}, { technician: withNul, notes: withNul }).map(json('PATCH', `/api/maintenance/${appointmentId}`, admin.auth)));
    await fuzz('nul user status', 100, withNul.map((reason) => ({ status: 'suspended', reason })).map(json('PATCH', `/api/users/${target.id}/status`, admin.auth)));
    await fuzz(
      'nul queries',
      400,
      fc
        .tuple(
          fc.constantFrom(
            ['/api/vehicles', 'search', {}],
            ['/api/users', 'search', admin.auth],
            ['/api/admin/search', 'q', admin.auth],
            ['/api/maintenance/admin/all', 'search', admin.auth],
            ['/api/admin/audit?entityType=vehicle', 'entityId', admin.auth],
          ),
          withNul,
        )
        .map(([[url, key, headers], value]) => ({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${query({ [key]: value })}`, headers }) as InjectOptions),
    );
    await fuzz(
      'nul path ids',
      200,
      fc
        .tuple(fc.constantFrom('/api/vehicles/', '/api/maintenance/', '/api/users/', '/vehicles/'), withNul)
        .map(([prefix, id]) => ({ method: 'GET', url: `${prefix}${encodeURIComponent(id)}`, headers: admin.auth }) as InjectOptions),
    );
  }, 300_000);

  it('numbers beyond the range of their column, and dates before year 1', async () => {
    const huge = fc.oneof(
      fc.bigInt({ min: 2n ** 31n, max: 10n ** 30n }),
      fc.bigInt({ min: -(10n ** 30n), max: -(2n ** 31n) - 1n }),
      fc.constantFrom(2n ** 31n, -(2n ** 31n) - 1n, 2n ** 53n, 2n ** 63n, 2n ** 64n),
    ).map(String);
    // Pages past the last are empty pages, not errors: what no page count can reach is refused.
    const beyondSafe = fc.oneof(fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }), fc.bigInt({ min: -(10n ** 30n), max: 0n })).map(String);
    const numeric = fc.oneof(huge, fc.constantFrom('1e308', '1e400', '-1e400', '9'.repeat(400)));
    await fuzz(
      'vehicle list numbers',
      600,
      badRecord({}, { year: huge, min_year: huge, max_year: huge, min_price: numeric, max_price: numeric, page: huge, limit: huge }).map(
        (q) => ({ method: 'GET', url: `/api/vehicles?${query(q)}` }) as InjectOptions,
      ),
    );
    await fuzz(
      'paged lists numbers',
      300,
      fc
        .tuple(fc.constantFrom('/api/vehicles/mine', '/api/maintenance/history', '/api/maintenance/admin/all', '/api/users'), beyondSafe, fc.constantFrom('page', 'limit'))
        .map(([url, value, key]) => ({ method: 'GET', url: `${url}?${query({ [key]: value })}`, headers: admin.auth }) as InjectOptions),
    );
    await fuzz('vehicle numbers json', 300, badRecord(fullVehicleFields(), { year: numeric, price: numeric, mileage: numeric }).map(json('POST', '/api/vehicles', user.auth)));
    await fuzz('vehicle numbers update', 200, badRecord({}, { year: numeric, price: numeric, mileage: numeric }).map(json('PATCH', `/api/vehicles/${listingId}`, user.auth)));
    await fuzz('maintenance cost', 100, numeric.map((cost) => ({ cost })).map(json('PATCH', `/api/maintenance/${appointmentId}`, admin.auth)));
    const month = fc.integer({ min: 1, max: 12 }).map((m) => `0000-${String(m).padStart(2, '0')}`);
    await fuzz('month of year 0', 100, month.map((m) => ({ method: 'GET', url: `/api/maintenance/availability/month?${query({ month: m })}` }) as InjectOptions));
    await fuzz(
      'dates of year 0',
      100,
      fc
        .tuple(month, fc.constantFrom('/api/maintenance/availability?date=', '/api/users?joinedFrom=', '/api/maintenance/admin/all?dateTo='))
        .map(([m, url]) => ({ method: 'GET', url: `${url}${m}-01`, headers: admin.auth }) as InjectOptions),
    );
  }, 300_000);

  it('multipart bodies with a missing, empty, oversized or mismatched boundary, or cut short', async () => {
    const routes: [InjectOptions['method'], string, Record<string, string>, Record<string, string>][] = [
      ['POST', '/api/auth/register', {}, { ...validRegister, username: 'cutshort' }],
      ['PATCH', '/api/users/profile', user.auth, { name: 'Cut Short', phone: '+1 555 0100 200', address: '1 Fuzz Street', oldPassword: user.password }],
      ['POST', '/api/vehicles', user.auth, fullVehicleFields()],
      ['PATCH', `/api/vehicles/${listingId}`, user.auth, { price: '12345' }],
    ];
    const contentTypes = fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data;',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${'b'.repeat(71)}`,
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      'multipart/form-data; charset=utf-8',
      'multipart/form-data; boundary=not-the-one-used',
      'Multipart/Form-Data; BOUNDARY=other',
    );
    await fuzz(
      'multipart boundary',
      300,
      fc.tuple(fc.constantFrom(...routes), contentTypes).map(([[method, url, auth, fields], contentType]) => {
        const form = multipart(fields);
        return { method, url, headers: { ...auth, 'content-type': contentType }, payload: form.payload } as InjectOptions;
      }),
    );
    await fuzz(
      'multipart cut short',
      300,
      fc.tuple(fc.constantFrom(...routes), fc.double({ min: 0, max: 1, noNaN: true })).map(([[method, url, auth, fields], at]) => {
        const form = multipart(fields);
        // Cut before the closing boundary, so the form can never be complete.
        const closing = form.payload.lastIndexOf('\r\n--');
        return { method, url, headers: { ...auth, ...form.headers }, payload: form.payload.subarray(0, Math.max(1, Math.floor(at * closing))) } as InjectOptions;
      }),
    );
  }, 300_000);

  it('sent at least 10,000 generated bad inputs in all', () => {
    console.log(`fuzz: ${sent()} generated bad inputs sent`);
    expect(sent()).toBeGreaterThanOrEqual(10_000);
  });
});
