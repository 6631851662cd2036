import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../audit';
import { fixedClock, useTestApp } from '../../test/harness';
import { bookingBody, createAdmin, createUser, type TestUser } from '../../test/factories';
import { bookOk, cancelAppointment, patchAppointment } from '../../test/requests';
import { findAppointment } from './maintenance.appointments.repository';
import { toStaffAppointment } from './maintenance.mapper';

// Monday 1 June 2026, 07:00 in New York.
const clock = fixedClock('2026-06-01T11:00:00Z');
const ctx = useTestApp({ clock, config: { SLOT_CAPACITY: 2 } });
let jane: TestUser;
let sam: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

type Item = { _id: string };
const idsOf = (body: { data: Item[] }) => body.data.map((x) => x._id);

beforeAll(async () => {
  jane = await createUser(ctx, { name: 'Jane Cooper' });
  sam = await createUser(ctx, { name: 'Sam Patel' });
  admin = await createAdmin(ctx);
  // Created one after another: 'a' is the oldest request.
  const plan: [string, TestUser, Record<string, unknown>][] = [
    [
      'a',
      jane,
      {
        appointmentDate: '2026-06-02',
        customer: { name: 'Jane Cooper', email: 'jane@example.com' },
        vehicle: { make: 'Toyota', model: 'Corolla', registration: 'JC-100' },
      },
    ],
    [
      'b',
      sam,
      {
        appointmentDate: '2026-06-03',
        // Rust Treatment takes working days: such jobs start at 08:00 AM.
        appointmentTime: '08:00 AM',
        maintenanceType: 'painting',
        specificService: 'Rust Treatment',
        customer: { name: 'Sam Patel', email: 'sam@example.com' },
        vehicle: { make: 'Ford', model: 'Focus', registration: 'SP_200' },
      },
    ],
    [
      'c',
      jane,
      {
        appointmentDate: '2026-06-04',
        maintenanceType: 'electrical',
        specificService: 'Battery Service',
        customer: { name: 'Jane Cooper', email: 'jane@example.com' },
        vehicle: { make: 'Honda', model: 'Civic', registration: 'JC-300' },
      },
    ],
    [
      'd',
      sam,
      {
        appointmentDate: '2026-06-05',
        customer: { name: 'Sam 100% Patel', email: 'sam.work@example.org' },
        vehicle: { make: 'Tesla', model: 'Model 3', registration: 'EV-400' },
      },
    ],
    [
      'e',
      jane,
      {
        appointmentDate: '2026-06-06',
        maintenanceType: 'mechanical',
        specificService: 'Engine Repair',
        customer: { name: 'Jane Cooper', email: 'jane@example.com' },
        vehicle: { make: 'Toyota', model: 'Camry', registration: 'JC-500' },
      },
    ],
  ];
  for (const [key, user, body] of plan) {
    ids[key] = (await bookOk(ctx, user, bookingBody(body)))._id;
    clock.advance(1000);
  }
  await patchAppointment(ctx, admin, ids.b!, { status: 'Scheduled', technician: 'Mike Ross', cost: 300 });
  await patchAppointment(ctx, admin, ids.c!, { status: 'Completed', cost: 120, notes: 'Replaced battery.' });
  await patchAppointment(ctx, admin, ids.d!, { status: 'Cancelled' });
});

function list(query = '', user: TestUser | null = admin) {
  return ctx.app.inject({ method: 'GET', url: `/api/maintenance/admin/all${query}`, headers: user ? user.auth : {} });
}

describe('permissions on every admin endpoint', () => {
  it('answers 401 anonymous, 403 users, 200 admins', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/maintenance/admin/all' },
      { method: 'GET' as const, url: '/api/maintenance/admin/overview' },
      { method: 'GET' as const, url: () => `/api/maintenance/${ids.a}/audit` },
      { method: 'PATCH' as const, url: () => `/api/maintenance/${ids.a}`, payload: { notes: 'Checked by phone.' } },
    ];
    for (const call of calls) {
      const url = typeof call.url === 'function' ? call.url() : call.url;
      const anonymous = await ctx.app.inject({ method: call.method, url, payload: call.payload });
      expect(anonymous.statusCode, `${call.method} ${url} anonymous`).toBe(401);
      const user = await ctx.app.inject({ method: call.method, url, payload: call.payload, headers: jane.auth });
      expect(user.statusCode, `${call.method} ${url} user`).toBe(403);
      const asAdmin = await ctx.app.inject({ method: call.method, url, payload: call.payload, headers: admin.auth });
      expect(asAdmin.statusCode, `${call.method} ${url} admin`).toBe(200);
    }
  });
});

describe('GET api/maintenance/admin/all', () => {
  it('lists every appointment, newest request first, ten per page by default, with status counts', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(idsOf(body)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
    expect(body.meta).toEqual({
      page: 1,
      limit: 10,
      itemCount: 5,
      pageCount: 1,
      hasPreviousPage: false,
      hasNextPage: false,
      statusCounts: { Pending: 2, Scheduled: 1, Completed: 1, Cancelled: 1, all: 5 },
    });
    expect(body.data[3]).toMatchObject({ status: 'Scheduled', technician: 'Mike Ross', cost: 300 });
  });

  it('counts by status on a page past the last and on a status with no appointment on the page', async () => {
    const counts = { Pending: 2, Scheduled: 1, Completed: 1, Cancelled: 1, all: 5 };
    const past = (await list('?page=3')).json();
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ page: 3, itemCount: 5, statusCounts: counts });
    const second = (await list('?status=Pending&page=2&limit=1')).json();
    expect(idsOf(second)).toEqual([ids.a]);
    expect(second.meta).toMatchObject({ itemCount: 2, statusCounts: counts });
  });

  it('filters by status (all or omitted means every status)', async () => {
    expect(idsOf((await list('?status=Pending')).json())).toEqual([ids.e, ids.a]);
    expect(idsOf((await list('?status=Scheduled')).json())).toEqual([ids.b]);
    expect(idsOf((await list('?status=Completed')).json())).toEqual([ids.c]);
    expect(idsOf((await list('?status=Cancelled')).json())).toEqual([ids.d]);
    expect(idsOf((await list('?status=all')).json())).toHaveLength(5);
    expect(idsOf((await list('?status=')).json())).toHaveLength(5);
    expect((await list('?status=Lost')).statusCode).toBe(422);
  });

  it('filters by appointment date range, inclusive', async () => {
    expect(idsOf((await list('?dateFrom=2026-06-03&dateTo=2026-06-05')).json())).toEqual([ids.d, ids.c, ids.b]);
    expect(idsOf((await list('?dateFrom=2026-06-05')).json())).toEqual([ids.e, ids.d]);
    expect(idsOf((await list('?dateTo=2026-06-02')).json())).toEqual([ids.a]);
    expect(idsOf((await list('?dateFrom=2026-07-01')).json())).toEqual([]);
    const combined = (await list('?status=Pending&dateFrom=2026-06-03')).json();
    expect(idsOf(combined)).toEqual([ids.e]);
    // Counts follow the date and search filters, not the status tab.
    expect(combined.meta.statusCounts).toEqual({ Pending: 1, Scheduled: 1, Completed: 1, Cancelled: 1, all: 4 });
    expect((await list('?dateFrom=06/03/2026')).statusCode).toBe(422);
  });

  it('searches customer name and e-mail, vehicle and service, case-insensitively', async () => {
    const search = async (q: string) => idsOf((await list(`?search=${encodeURIComponent(q)}`)).json());
    expect(await search('jane cooper')).toEqual([ids.e, ids.c, ids.a]);
    expect(await search('SAM@EXAMPLE')).toEqual([ids.b]);
    expect(await search('toyota')).toEqual([ids.e, ids.a]);
    expect(await search('Toyota Camry')).toEqual([ids.e]);
    expect(await search('2019 honda')).toEqual([ids.c]);
    expect(await search('model 3')).toEqual([ids.d]);
    expect(await search('jc-300')).toEqual([ids.c]);
    expect(await search('rust treat')).toEqual([ids.b]);
    expect(await search('painting')).toEqual([ids.b]);
    expect(await search(ids.e!.slice(-8))).toEqual([ids.e]);
    expect(await search('nobody')).toEqual([]);
  });

  it('matches inside one field, never across two, with or without a line break in the words', async () => {
    const search = async (q: string) => idsOf((await list(`?search=${encodeURIComponent(q)}`)).json());
    // The searched fields are one text to the index, one field a line: the end of a name and the start of an
    // e-mail stand either side of a line break there, and a search must not join them.
    expect(await search('Cooper\njane@')).toEqual([]);
    expect(await search('Cooper jane@')).toEqual([]);
    expect(await search('Camry\n')).toEqual([ids.e]);
    expect(await search('JC-500\nEngine')).toEqual([]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const search = async (q: string) => idsOf((await list(`?search=${encodeURIComponent(q)}`)).json());
    expect(await search('100%')).toEqual([ids.d]);
    expect(await search('%')).toEqual([ids.d]);
    expect(await search('SP_')).toEqual([ids.b]);
    expect(await search('_')).toEqual([ids.b]);
  });

  it('pages with meta', async () => {
    const first = (await list('?limit=2')).json();
    expect(idsOf(first)).toEqual([ids.e, ids.d]);
    expect(first.meta).toMatchObject({
      page: 1,
      limit: 2,
      itemCount: 5,
      pageCount: 3,
      hasPreviousPage: false,
      hasNextPage: true,
    });
    const second = (await list('?limit=2&page=2')).json();
    expect(idsOf(second)).toEqual([ids.c, ids.b]);
    expect(second.meta).toMatchObject({ page: 2, hasPreviousPage: true, hasNextPage: true });
    const last = (await list('?limit=2&page=3')).json();
    expect(idsOf(last)).toEqual([ids.a]);
    expect(last.meta).toMatchObject({ page: 3, hasPreviousPage: true, hasNextPage: false });
    const beyond = (await list('?limit=2&page=4')).json();
    expect(idsOf(beyond)).toEqual([]);
    expect(beyond.meta).toMatchObject({ page: 4, itemCount: 5, pageCount: 3, hasNextPage: false });
    // A date range is paged by another plan (sorted in memory): the same order and pages.
    const dated = (await list('?dateFrom=2026-06-02&limit=2&page=2')).json();
    expect(idsOf(dated)).toEqual([ids.c, ids.b]);
    expect(dated.meta).toMatchObject({ itemCount: 5, pageCount: 3 });
    expect(idsOf((await list('?dateTo=2026-06-30&status=Pending&limit=1&page=2')).json())).toEqual([ids.a]);
    expect((await list('?page=0')).statusCode).toBe(422);
    expect((await list('?limit=1000')).statusCode).toBe(422);
    expect((await list('?page=x')).statusCode).toBe(422);
  });
});

describe('PATCH api/maintenance/:id', () => {
  it('approves with technician, cost and Scheduled in one call, and audits the changed fields', async () => {
    const res = await patchAppointment(ctx, admin, ids.e!, { status: 'Scheduled', technician: '  Dana Lee ', cost: '249.99' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      data: { _id: ids.e, status: 'Scheduled', technician: 'Dana Lee', cost: 249.99 },
    });
    const trail = await listAudit(ctx.database.db, 'maintenance', ids.e!);
    expect(trail[0]).toMatchObject({
      actor: { _id: admin.id },
      action: 'maintenance.update',
      entityType: 'maintenance',
      entityId: ids.e,
      before: { status: 'Pending', technician: null, cost: null },
      after: { status: 'Scheduled', technician: 'Dana Lee', cost: 249.99 },
    });
  });

  it('trims notes, clears with an empty value, and records only real changes', async () => {
    const before = (await listAudit(ctx.database.db, 'maintenance', ids.a!)).length;
    const saved = await patchAppointment(ctx, admin, ids.a!, { notes: '  Customer will wait on site.  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.notes).toBe('Customer will wait on site.');
    const same = await patchAppointment(ctx, admin, ids.a!, { notes: 'Customer will wait on site.' });
    expect(same.statusCode).toBe(200);
    const cleared = await patchAppointment(ctx, admin, ids.a!, { notes: '   ' });
    expect(cleared.json().data.notes).toBeNull();
    const trail = await listAudit(ctx.database.db, 'maintenance', ids.a!);
    expect(trail).toHaveLength(before + 2);
    expect(trail[0]).toMatchObject({ before: { notes: 'Customer will wait on site.' }, after: { notes: null } });

    const viaApi = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${ids.a}/audit`, headers: admin.auth });
    expect(viaApi.statusCode).toBe(200);
    expect(viaApi.json().data).toHaveLength(before + 2);
    expect(viaApi.json().data[0]).toMatchObject({ action: 'maintenance.update', after: { notes: null } });
  });

  it('lets an admin set any status from any other', async () => {
    for (const status of ['Completed', 'Cancelled', 'Scheduled', 'Pending', 'Cancelled', 'Completed', 'Pending']) {
      const res = await patchAppointment(ctx, admin, ids.a!, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
  });

  it('validates the body', async () => {
    expect((await patchAppointment(ctx, admin, ids.a!, {})).statusCode).toBe(422);
    expect((await patchAppointment(ctx, admin, ids.a!, { status: 'Approved' })).statusCode).toBe(422);
    const negative = await patchAppointment(ctx, admin, ids.a!, { cost: -5 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.cost).toBe('Price must be 0 or more');
    expect((await patchAppointment(ctx, admin, ids.a!, { cost: 'lots' })).statusCode).toBe(422);
    const clearedCost = await patchAppointment(ctx, admin, ids.a!, { cost: null });
    expect(clearedCost.statusCode).toBe(200);
    expect(clearedCost.json().data.cost).toBeNull();
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await patchAppointment(ctx, admin, '00000000-0000-4000-8000-000000000000', { status: 'Completed' })).statusCode).toBe(404);
    expect((await patchAppointment(ctx, admin, 'abc', { status: 'Completed' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/maintenance/abc/audit', headers: admin.auth })).statusCode).toBe(
      404,
    );
  });

  it('records the owner’s cancellation in the trail too', async () => {
    const own = await bookOk(ctx, sam, bookingBody({ appointmentDate: '2026-06-08' }));
    await cancelAppointment(ctx, sam, own._id);
    const trail = await listAudit(ctx.database.db, 'maintenance', own._id);
    expect(trail[0]).toMatchObject({
      actor: { _id: sam.id },
      action: 'maintenance.cancel',
      before: { status: 'Pending' },
      after: { status: 'Cancelled' },
    });
  });
});

describe('GET api/maintenance/admin/overview', () => {
  it('counts appointments by status', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/admin/overview', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const { total, byStatus } = res.json().data;
    expect(total).toBe(byStatus.Pending + byStatus.Scheduled + byStatus.Completed + byStatus.Cancelled);
    expect(total).toBeGreaterThanOrEqual(6);
  });

  it('keeps its counts (maintained by triggers) equal to the appointments through bulk writes, updates and deletes', async () => {
    const db = ctx.database.db;
    const fromRows = async () => {
      const result = (await db.execute(
        sql`select status, count(*)::int as n from maintenance_appointments group by status`,
      )) as unknown as { rows: { status: string; n: number }[] };
      const counts: Record<string, number> = { Pending: 0, Scheduled: 0, Completed: 0, Cancelled: 0 };
      for (const row of result.rows) counts[row.status] = row.n;
      return counts;
    };
    const overview = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/maintenance/admin/overview', headers: admin.auth })).json().data;
    await db.execute(sql`insert into maintenance_appointments (maintenance_type, specific_service, appointment_date,
      appointment_time, vehicle_make, vehicle_model, vehicle_year, vehicle_registration, customer_name, customer_email,
      customer_phone, status)
      select 'routine', 'Oil Change', '2026-01-05', '08:00 AM', 'Kia', 'Rio', '2019', 'BULK-' || i, 'Bulk', 'bulk@example.com',
             '+1 555 0100', (array['Completed', 'Cancelled'])[1 + i % 2]
        from generate_series(1, 7) as i`);
    await db.execute(sql`update maintenance_appointments set status = 'Cancelled' where vehicle_registration like 'BULK-%'`);
    await db.execute(sql`update maintenance_appointments set notes = 'no status change' where vehicle_registration like 'BULK-%'`);
    await db.execute(sql`delete from maintenance_appointments where vehicle_registration in ('BULK-1', 'BULK-2')`);
    const expected = await fromRows();
    const { total, byStatus } = await overview();
    expect(byStatus).toEqual(expected);
    expect(total).toBe(Object.values(expected).reduce((a, b) => a + b, 0));
    const cancelled = (await list('?status=Cancelled')).json().meta;
    expect(cancelled.itemCount).toBe(expected.Cancelled);
    expect(cancelled.statusCounts).toEqual({ ...expected, all: total });
  });
});

describe('the admin list rows', () => {
  it('are the appointment as staff see it, on every plan the list uses', async () => {
    await patchAppointment(ctx, admin, ids.c!, { cost: 89.95, staffNotes: 'Customer waits in the lounge.' });
    const stored = async (id: string) => toStaffAppointment((await findAppointment(ctx.database.db, id))!);
    // The first page, another page, a date range (sorted in memory) and a search.
    for (const query of ['', '?limit=2&page=2', '?dateFrom=2026-06-02', '?search=jane']) {
      const rows = (await list(query)).json().data as { _id: string }[];
      expect(rows.length, query).toBeGreaterThan(0);
      for (const row of rows) expect(row, `${query} ${row._id}`).toEqual(JSON.parse(JSON.stringify(await stored(row._id))));
    }
    expect((await list('?search=jane')).json().data).toContainEqual(
      expect.objectContaining({ _id: ids.c, cost: 89.95, staffNotes: 'Customer waits in the lounge.' }),
    );
  });
});
