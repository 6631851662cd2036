import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VehicleListQuery } from '@dealer/shared';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { createAdmin, createUser, createVehicle, createVehicles } from '../../test/factories';
import { createPageMarks } from './vehicles.page-marks';
import { createVehiclesService } from './vehicles.service';

const t0 = Date.parse('2025-01-01T00:00:00Z');

/** A change bus whose writes the test announces. */
function testBus() {
  const listeners: (() => void)[] = [];
  return { onChange: (listener: () => void) => void listeners.push(listener), publish: () => listeners.forEach((l) => l()) };
}

// Deep pages start from where earlier reads found their rows (outside tests: tests write behind the service's back).
describe('deep pages from marks', () => {
  let ctx: TestContext;
  let sellerId: string;
  let admin: { id: string; role: 'ADMIN' };
  const bus = testBus();
  let service: ReturnType<typeof createVehiclesService>;
  /** Each page read alone, by a service that keeps no marks: what the list holds now. */
  let fresh: ReturnType<typeof createVehiclesService>;

  beforeAll(async () => {
    ctx = await createTestApp();
    sellerId = (await createUser(ctx, { name: 'Mark Seller' })).id;
    admin = { id: (await createAdmin(ctx)).id, role: 'ADMIN' };
    await createVehicles(
      ctx,
      Array.from({ length: 180 }, (_, i) => ({
        title: `Car ${i}`,
        // Ties in time and price, and microseconds: the marks must keep both exactly and break ties by id.
        price: 10_000 + (i % 9) * 1000 + 0.5,
        createdAt: new Date(t0 + (i % 40) * 60_000 + 0.25),
        status: i % 10 === 9 ? 'pending' : 'available',
        ownerId: sellerId,
      })),
    );
    const deps = { db: ctx.database.db, clock: fixedClock(new Date(t0)), storage: ctx.app.deps.storage };
    service = createVehiclesService({ ...deps, config: { NODE_ENV: 'production' }, changes: bus });
    fresh = createVehiclesService({ ...deps, config: { NODE_ENV: 'test' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const ids = async (svc: typeof service, query: VehicleListQuery) => (await svc.list(query, null)).data.map((v) => v._id);

  it.each(['createdAt:desc', 'createdAt:asc', 'price:asc', 'price:desc'] as const)(
    'paging on, jumping ahead and back (%s) gives what a walk from the start gives',
    async (sort) => {
      for (const page of [13, 14, 15, 17, 16, 13, 12, 16]) {
        expect(await ids(service, { sort, page, limit: 10 })).toEqual(await ids(fresh, { sort, page, limit: 10 }));
      }
    },
  );

  it('pages of the usual size from a mark (their own statement, no skip) hold the same rows', async () => {
    for (const sort of ['createdAt:desc', 'price:desc'] as const) {
      for (const page of [11, 12, 13, 12, 11])
        expect(await ids(service, { sort, page })).toEqual(await ids(fresh, { sort, page }));
    }
  });

  it('works beside a filter, whose list has marks of its own', async () => {
    for (const page of [7, 8, 9, 8]) {
      const query = { sort: 'price:asc' as const, min_price: 12_000, page, limit: 15 };
      expect(await ids(service, query)).toEqual(await ids(fresh, query));
    }
  });

  it("works for staff's lists (every status, or one), whose marks are their own", async () => {
    const staffIds = async (svc: typeof service, query: VehicleListQuery) =>
      (await svc.list(query, admin)).data.map((v) => v._id);
    for (const query of [
      { page: 14, limit: 10 },
      { page: 16, limit: 10 },
      { page: 15, limit: 10 },
      { status: 'pending' as const, page: 3, limit: 5 },
      { status: 'pending' as const, page: 2, limit: 5 },
    ]) {
      expect(await staffIds(service, query)).toEqual(await staffIds(fresh, query));
    }
    // Staff's pages hold the listings visitors do not see: the marks are not the visitors'.
    const before = await staffIds(service, { page: 14, limit: 10 });
    expect(before).not.toEqual(await ids(service, { page: 14, limit: 10 }));
    // A listing added behind the service's back: a walk moves every row down by one, the mark stands until the bus speaks.
    await createVehicle(ctx, { title: 'Staff newest', createdAt: new Date(t0 + 3_000_000), status: 'draft', ownerId: sellerId });
    const now = await staffIds(fresh, { page: 14, limit: 10 });
    expect(now).not.toEqual(before);
    expect(await staffIds(service, { page: 14, limit: 10 })).toEqual(before);
    bus.publish();
    expect(await staffIds(service, { page: 14, limit: 10 })).toEqual(now);
  });

  it('starts from a mark: a write nobody announced is not seen until the change bus says so', async () => {
    const query = { page: 14, limit: 10 };
    const before = await ids(service, query);
    // The oldest listing goes: on the newest-first list every row from page 14 on moves up by one.
    const oldest = (await ids(fresh, { sort: 'createdAt:asc', page: 1, limit: 1 }))[0]!;
    await ctx.database.db.execute(`DELETE FROM vehicles WHERE id = '${oldest}'`);
    await createVehicle(ctx, { title: 'Newest', createdAt: new Date(t0 + 3_600_000), status: 'available', ownerId: sellerId });
    const now = await ids(fresh, query);
    expect(now).not.toEqual(before);
    // The mark still stands where it was read (the page is the same rows); a walk would have moved.
    expect(await ids(service, query)).toEqual(before);
    bus.publish();
    expect(await ids(service, query)).toEqual(now);
  });

  it("empties on the service's own writes", async () => {
    const query = { page: 15, limit: 10 };
    await ids(service, query);
    await createVehicle(ctx, {
      title: 'Newer still',
      createdAt: new Date(t0 + 7_200_000),
      status: 'available',
      ownerId: sellerId,
    });
    // A write through the service (here: removing a listing as its seller) clears this node's marks.
    const own = await createVehicle(ctx, {
      title: 'To remove',
      createdAt: new Date(t0 - 60_000),
      status: 'available',
      ownerId: sellerId,
    });
    await service.remove(own.id, {
      id: sellerId,
      role: 'USER',
      status: 'active',
      name: 'Mark Seller',
      email: 'x@example.com',
      username: null,
      sessionId: 's',
    } as never);
    expect(await ids(service, query)).toEqual(await ids(fresh, query));
  });
});

describe('the marks kept', () => {
  const mark = (position: number) => ({
    position,
    key: `2025-01-01 00:00:${String(position % 60).padStart(2, '0')}+00`,
    id: `id-${position}`,
  });
  /** Learns the first and last row of `pages` pages of 12 of one list, as page reads do. */
  const readPages = (marks: ReturnType<ReturnType<typeof createPageMarks>['of']>, pages: number[]) => {
    for (const page of pages) marks.learn([mark((page - 1) * 12), mark((page - 1) * 12 + 11)]);
  };

  it('keeps the 512 newest of a list, and the nearest at or before an offset is the one a read starts from', () => {
    const marks = createPageMarks({ enabled: true }).of('createdAt:desc {}');
    readPages(
      marks,
      Array.from({ length: 300 }, (_, i) => i * 10 + 1),
    );
    // 600 learned: the first 88 (pages 1 to 431) are gone, the rest stand.
    expect(marks.nearest(12 * 430)).toBeUndefined();
    expect(marks.nearest(12 * 440)?.position).toBe(12 * 440);
    expect(marks.nearest(12 * 445 + 5)?.position).toBe(12 * 440 + 11);
    expect(marks.nearest(12 * 2990 + 11)?.position).toBe(12 * 2990 + 11);
  });

  it('keeps 8 MB of marks over every list at most, forgetting the list read least lately', () => {
    const kept = createPageMarks({ enabled: true });
    const full = Array.from({ length: 256 }, (_, i) => i + 1);
    // 110 full lists (512 marks each, counted as 160 bytes a mark) are past 8 MB: the first ones go.
    for (let list = 0; list < 110; list += 1) readPages(kept.of(`price:asc {"make":"M${list}"}`), full);
    expect(kept.of('price:asc {"make":"M0"}').nearest(12 * 100)).toBeUndefined();
    expect(kept.of('price:asc {"make":"M109"}').nearest(12 * 100)?.position).toBe(12 * 100);
  });
});
