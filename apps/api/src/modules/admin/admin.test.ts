import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview, AdminSearchResults, AuditEntry } from '@dealer/shared';
import { eq } from 'drizzle-orm';
import { auditEntries, maintenanceAppointments, vehicleHolds, vehicles } from '../../db/schema';
import { recordAudit } from '../audit';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { growthLabel } from './admin.service';
import { createAdmin, createAppointment, createUser, createVehicle, createVehicleImage, setUserCreatedAt, type TestUser } from '../../test/factories';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('growthLabel', () => {
  it('gives a signed, rounded percentage, or null without earlier data', () => {
    expect(growthLabel({ current: 3, previous: 2 })).toBe('+50%');
    expect(growthLabel({ current: 1, previous: 4 })).toBe('-75%');
    expect(growthLabel({ current: 2, previous: 2 })).toBe('+0%');
    expect(growthLabel({ current: 0, previous: 3 })).toBe('-100%');
    expect(growthLabel({ current: 1, previous: 3 })).toBe('-67%');
    expect(growthLabel({ current: 5, previous: 0 })).toBeNull();
    expect(growthLabel({ current: 0, previous: 0 })).toBeNull();
  });
});

describe('admin endpoints: who may call them', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createAdmin(ctx);
    user = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const urls = ['/api/admin/overview', '/api/admin/search?q=car', `/api/admin/audit?entityType=user&entityId=abc`];

  it.each(urls)('%s: 401 anonymous, 403 user, 200 admin', async (url) => {
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 'ERROR', statusCode: 401 });
    const asUser = await ctx.app.inject({ method: 'GET', url, headers: user.auth });
    expect(asUser.statusCode).toBe(403);
    const asAdmin = await ctx.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().status).toBe('SUCCESS');
  });

  it('refuses a suspended admin with 403', async () => {
    const suspended = await createAdmin(ctx, { status: 'suspended' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: suspended.auth });
    expect(res.statusCode).toBe(403);
  });

  it('lists the routes on the OpenAPI page under the admin tag', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths;
    expect(paths['/api/admin/overview'].get.tags).toEqual(['admin']);
    expect(paths['/api/admin/search'].get.tags).toEqual(['admin']);
    expect(paths['/api/admin/audit'].get.tags).toEqual(['admin']);
  });
});

describe('GET /api/admin/overview', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ clock: fixedClock(NOW) });
    admin = await createAdmin(ctx, { name: 'Olivia Admin' });
  });
  afterAll(() => ctx.close());

  it('answers zeros and null growth on an empty database', async () => {
    // Only the admin exists, created long ago.
    await setUserCreatedAt(ctx, admin.id, '2020-01-01T00:00:00Z');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const data: AdminOverview = res.json().data;
    expect(data).toMatchObject({
      totalVehicles: 0,
      maintenanceRequests: 0,
      activeUsers: 1,
      pendingApprovals: 0,
      growth: { totalVehicles: null, maintenanceRequests: null, activeUsers: null, pendingApprovals: null },
      recentAppointments: [],
      recentVehicles: [],
    });
    expect(data.recentUsers).toHaveLength(1);
  });

  it('counts the real figures and their growth over the last 30 days against the 30 before', async () => {
    const seller = await createUser(ctx, { name: 'Sam Seller' });
    await setUserCreatedAt(ctx, seller.id, daysAgo(400));
    // Users: two active this month, none the month before; a suspended one does not count.
    const fresh1 = await createUser(ctx, { name: 'Fresh One' });
    await setUserCreatedAt(ctx, fresh1.id, daysAgo(3));
    const fresh2 = await createUser(ctx, { name: 'Fresh Two' });
    await setUserCreatedAt(ctx, fresh2.id, daysAgo(10));
    const suspended = await createUser(ctx, { status: 'suspended', name: 'Suspended Sue' });
    await setUserCreatedAt(ctx, suspended.id, daysAgo(5));

    // Vehicles: 3 this month (1 pending), 2 the month before (1 pending), 1 older (pending).
    await createVehicle(ctx, { createdAt: daysAgo(400), status: 'pending', title: 'Old pending' });
    await createVehicle(ctx, { createdAt: daysAgo(45), status: 'available' });
    await createVehicle(ctx, { createdAt: daysAgo(59), status: 'pending' });
    await createVehicle(ctx, { createdAt: daysAgo(20), status: 'available', title: 'Third newest' });
    await createVehicle(ctx, { createdAt: daysAgo(2), status: 'pending', title: 'Second newest' });
    const newest = await createVehicle(ctx, { createdAt: daysAgo(1), status: 'available', title: 'Newest', ownerId: seller.id });
    await createVehicleImage(ctx, newest.id, 1, 'second');
    await createVehicleImage(ctx, newest.id, 0, 'first');

    // Appointments: 1 this month, 4 the month before.
    for (const days of [31, 40, 50, 58]) await createAppointment(ctx, { createdAt: daysAgo(days) });
    const latest = await createAppointment(ctx, {
      createdAt: daysAgo(1),
      specificService: 'Brake Inspection',
      userId: seller.id,
    });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const data: AdminOverview = res.json().data;
    expect(data.totalVehicles).toBe(6);
    expect(data.pendingApprovals).toBe(3);
    expect(data.maintenanceRequests).toBe(5);
    expect(data.activeUsers).toBe(4); // admin, seller, fresh1, fresh2
    expect(data.growth).toEqual({
      totalVehicles: '+50%',
      pendingApprovals: '+0%',
      maintenanceRequests: '-75%',
      activeUsers: null,
    });

    expect(data.recentVehicles.map((v) => v.title)).toEqual([
      'Newest',
      'Second newest',
      'Third newest',
      expect.any(String),
      expect.any(String),
    ]);
    const [first] = data.recentVehicles;
    expect(first!.images.map((i) => i.key)).toEqual(['first', 'second']);
    expect(first!.images[0]!.url).toBe(`/uploads/vehicles/${newest.id}/first-1600.webp`);
    expect(first!.images[0]!.sizes.map((size) => size.width)).toEqual([320, 640, 1280, 1600]);
    expect(first!.owner).toMatchObject({ _id: seller.id, name: 'Sam Seller', avatar: null });
    expect(data.recentVehicles[1]!.owner).toBeNull();
    expect(data.recentVehicles[1]!.images).toEqual([]);

    expect(data.recentAppointments).toHaveLength(5);
    expect(data.recentAppointments[0]).toMatchObject({
      _id: latest.id,
      specificService: 'Brake Inspection',
      status: 'Pending',
      vehicle: { make: 'Honda', model: 'Civic', year: '2018' },
      customer: { name: latest.customerName, email: latest.customerEmail },
      userId: seller.id,
    });

    expect(data.recentUsers.map((u) => u.name)).toEqual([
      'Fresh One',
      'Suspended Sue',
      'Fresh Two',
      'Sam Seller',
      'Olivia Admin',
    ]);
    expect(Object.keys(data.recentUsers[0]!).sort()).toEqual(['_id', 'avatar', 'createdAt', 'email', 'name']);

    // The totals are counts the triggers keep: a deleted listing and a deleted appointment leave them.
    await ctx.database.db.delete(vehicles).where(eq(vehicles.id, newest.id));
    await ctx.database.db.delete(maintenanceAppointments).where(eq(maintenanceAppointments.id, latest.id));
    const after: AdminOverview = (await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: admin.auth })).json().data;
    expect(after).toMatchObject({ totalVehicles: 5, maintenanceRequests: 4 });
  });
});

describe('GET /api/admin/search', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const search = async (q: string): Promise<AdminSearchResults> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/search?q=${encodeURIComponent(q)}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createAdmin(ctx, { name: 'Ada Admin' });
    await createVehicle(ctx, { title: '100% Electric Roadster', make: 'Tesla', model: 'Roadster', status: 'pending' });
    await createVehicle(ctx, { title: 'Family hatchback', make: 'Ford', model: 'Focus' });
    await createAppointment(ctx, { customerName: 'Maria Lopez', specificService: 'Tire Rotation' });
    await createUser(ctx, { name: 'Jane Doe', email: 'jane.doe@example.com', username: 'janed' });
  });
  afterAll(() => ctx.close());

  it('finds vehicles, appointments and users case-insensitively', async () => {
    const focus = await search('FOCUS');
    expect(focus.vehicles).toEqual([
      { _id: expect.any(String), title: 'Family hatchback', make: 'Ford', model: 'Focus', year: 2020, status: 'available' },
    ]);
    const maria = await search('maria');
    expect(maria.appointments).toEqual([
      {
        _id: expect.any(String),
        specificService: 'Tire Rotation',
        customerName: 'Maria Lopez',
        appointmentDate: '2026-03-10T12:00:00.000Z',
        status: 'Pending',
      },
    ]);
    const jane = await search('JANE.DOE@');
    expect(jane.users).toEqual([{ _id: expect.any(String), name: 'Jane Doe', email: 'jane.doe@example.com', status: 'active' }]);
    expect((await search('janed')).users).toHaveLength(1);
  });

  it('takes wildcards literally', async () => {
    const percent = await search('%');
    expect(percent.vehicles.map((v) => v.title)).toEqual(['100% Electric Roadster']);
    expect(percent.users).toEqual([]);
    expect(percent.appointments).toEqual([]);
    const underscore = await search('_');
    expect(underscore.vehicles).toEqual([]);
  });

  it('matches ids by prefix, and by a displayed fragment of 8 characters', async () => {
    const { vehicles } = await search('Roadster');
    const id = vehicles[0]!._id;
    expect((await search(id.slice(0, 6))).vehicles.map((v) => v._id)).toContain(id);
    expect((await search(id.slice(-8))).vehicles.map((v) => v._id)).toEqual([id]);
    expect((await search(id.toUpperCase())).vehicles.map((v) => v._id)).toEqual([id]);
  });

  it('answers at most 5 of each kind', async () => {
    for (let i = 0; i < 7; i += 1) await createVehicle(ctx, { title: `Bulk listing ${i}` });
    const bulk = await search('bulk listing');
    expect(bulk.vehicles).toHaveLength(5);
    expect(bulk.vehicles[0]!.title).toBe('Bulk listing 6');
  });

  it('refuses an empty query with 422', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/search?q=%20', headers: admin.auth });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ q: 'Enter something to search for' });
  });
});

describe('GET /api/admin/audit', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createAdmin(ctx, { name: 'Audrey Admin' });
  });
  afterAll(() => ctx.close());

  it('lists the entries of one record, newest first, with who made them', async () => {
    const vehicle = await createVehicle(ctx);
    await recordAudit(ctx.database.db, {
      actorId: admin.id,
      action: 'vehicle.status',
      entityType: 'vehicle',
      entityId: vehicle.id,
      before: { status: 'pending' },
      after: { status: 'available' },
    });
    await recordAudit(ctx.database.db, { actorId: admin.id, action: 'vehicle.update', entityType: 'vehicle', entityId: 'other' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entityType=vehicle&entityId=${vehicle.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const entries: AuditEntry[] = res.json().data;
    expect(entries).toEqual([
      {
        _id: expect.any(String),
        actor: { _id: admin.id, name: 'Audrey Admin' },
        action: 'vehicle.status',
        entityType: 'vehicle',
        entityId: vehicle.id,
        before: { status: 'pending' },
        after: { status: 'available' },
        names: {},
        createdAt: expect.any(String),
      },
    ]);
  });

  it("names the people an entry's values hold by id (the buyer of a sale), so the history can show them", async () => {
    const vehicle = await createVehicle(ctx);
    const buyer = await createUser(ctx, { name: 'Bianca Buyer' });
    await recordAudit(ctx.database.db, {
      actorId: admin.id,
      action: 'vehicle.status',
      entityType: 'vehicle',
      entityId: vehicle.id,
      before: { status: 'available', buyerId: null },
      after: { status: 'sold', buyerId: buyer.id },
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=vehicle&entityId=${vehicle.id}`, headers: admin.auth });
    expect(res.json().data[0]).toMatchObject({ after: { buyerId: buyer.id }, names: { [buyer.id]: 'Bianca Buyer' } });
  });

  it('refuses an unknown record type with 422', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=car&entityId=1', headers: admin.auth });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('entityType');
  });
});

describe('GET /api/admin/audit-log', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { WORKSHOP_TZ: 'America/New_York' } });
    admin = await createAdmin(ctx, { name: 'Audrey Admin', email: 'audrey@example.com' });
    other = await createAdmin(ctx, { name: 'Oscar Other' });
  });
  afterAll(() => ctx.close());
  const log = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/admin/audit-log?${query}`, headers: admin.auth });

  it('lists every change newest first with who, what and the record as it is called now, filtered and paged', async () => {
    const vehicle = await createVehicle(ctx, { title: 'Blue Mazda CX-5' });
    await recordAudit(ctx.database.db, { actorId: admin.id, action: 'vehicle.status', entityType: 'vehicle', entityId: vehicle.id, before: { status: 'pending' }, after: { status: 'available' } });
    await recordAudit(ctx.database.db, { actorId: other.id, action: 'closure.create', entityType: 'closure_day', entityId: '2026-06-12', after: { date: '2026-06-12', reason: 'Training' } });
    await recordAudit(ctx.database.db, { actorId: admin.id, action: 'vehicle.delete', entityType: 'vehicle', entityId: '00000000-0000-4000-8000-000000000001', before: { title: 'Gone' } });

    const all = await log('');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((e: { action: string }) => e.action)).toEqual(['vehicle.delete', 'closure.create', 'vehicle.status']);
    expect(all.json().data[1]).toMatchObject({ actor: { name: 'Oscar Other' }, entityLabel: 'June 12, 2026' });
    expect(all.json().data[2]).toMatchObject({ entityLabel: 'Blue Mazda CX-5', names: {} });
    expect(all.json().data[0].entityLabel).toBeNull();

    // By person (part of the name or the e-mail), by kind, both.
    expect((await log('person=oscar')).json().data.map((e: { action: string }) => e.action)).toEqual(['closure.create']);
    expect((await log('person=AUDREY%40example')).json().meta.itemCount).toBe(2);
    expect((await log('kind=vehicle&person=audrey')).json().meta.itemCount).toBe(2);
    expect((await log('kind=closure_day')).json().meta.itemCount).toBe(1);
    // Paged.
    const second = (await log('limit=2&page=2')).json();
    expect(second.data.map((e: { action: string }) => e.action)).toEqual(['vehicle.status']);
    expect(second.meta).toMatchObject({ page: 2, limit: 2, itemCount: 3, pageCount: 2, hasPreviousPage: true, hasNextPage: false });
  });

  it("filters by the workshop's calendar days", async () => {
    // 23:00 and 01:00 in New York: the 10th and the 11th there, both the 11th in UTC.
    const at = (createdAt: string, action: string) =>
      ctx.database.db.insert(auditEntries).values({ actorId: admin.id, action, entityType: 'user', entityId: other.id, createdAt: new Date(createdAt) });
    await at('2026-06-11T03:00:00Z', 'user.promote');
    await at('2026-06-11T05:00:00Z', 'user.demote');
    expect((await log('dateFrom=2026-06-10&dateTo=2026-06-10')).json().data).toMatchObject([{ action: 'user.promote', entityLabel: 'Oscar Other' }]);
    expect((await log('dateFrom=2026-06-11&dateTo=2026-06-11')).json().data).toMatchObject([{ action: 'user.demote' }]);
  });

  it('names reservations by their car and customer, the settings by what they hold, and filters by those kinds', async () => {
    const car = await createVehicle(ctx, { title: 'Red Kia Niro', status: 'available' });
    const customer = await createUser(ctx, { name: 'Holly Holder' });
    const [hold] = await ctx.database.db
      .insert(vehicleHolds)
      .values({ vehicleId: car.id, userId: customer.id, expiresAt: new Date('2030-01-01T00:00:00Z') })
      .returning();
    await recordAudit(ctx.database.db, { actorId: admin.id, action: 'reservation.end', entityType: 'reservation', entityId: hold!.id, after: { status: 'Ended' } });
    await recordAudit(ctx.database.db, { actorId: admin.id, action: 'test-drive-settings.update', entityType: 'test_drive_settings', entityId: '1', after: { demonstrators: 3 } });
    await recordAudit(ctx.database.db, { actorId: admin.id, action: 'workshop.settings', entityType: 'workshop_settings', entityId: '1', after: { resources: {} } });

    expect((await log('kind=reservation')).json().data).toMatchObject([{ action: 'reservation.end', entityLabel: 'Red Kia Niro held for Holly Holder' }]);
    expect((await log('kind=test_drive_settings')).json().data).toMatchObject([{ entityLabel: 'Opening days, hours and demonstrators' }]);
    expect((await log('kind=workshop_settings')).json().data).toMatchObject([{ entityLabel: 'Resources and service durations' }]);
  });

  it('refuses bad filters with 422', async () => {
    expect((await log('kind=car')).json().errors).toHaveProperty('kind');
    expect((await log('dateFrom=2026-13-01')).statusCode).toBe(422);
    // Year 9999 failed with a 500 and year 100 reached the database: days are bounded before the query.
    expect((await log('dateFrom=9999-12-31&dateTo=9999-12-31')).json().errors).toEqual({ dateFrom: 'Choose days from 1900 to 2099', dateTo: 'Choose days from 1900 to 2099' });
    expect((await log('dateFrom=0100-01-01&dateTo=0100-01-31')).statusCode).toBe(422);
    expect((await log('dateFrom=2026-06-12&dateTo=2026-06-11')).json().errors).toEqual({ dateTo: 'The first day must not be after the last' });
  });
});
