import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../../db/schema';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { createAdmin, createUser, createVehicles } from '../../test/factories';
import { createVehiclesService } from './vehicles.service';

const t0 = Date.parse('2025-01-01T00:00:00Z');

/** A change bus whose writes the test announces, and which the test can take away. */
function testBus() {
  const listeners: (() => void)[] = [];
  return {
    connected: true,
    onChange: (listener: () => void) => void listeners.push(listener),
    publish: () => listeners.forEach((l) => l()),
  };
}

// A public page reuses the rows (listing, owner, photos) a recent page read; which listings it shows is read
// afresh every time. Outside tests only: tests write behind the service's back.
describe('public list rows reused between pages', () => {
  let ctx: TestContext;
  let ids: string[];
  let admin: { id: string; role: 'ADMIN' };
  let sellerId: string;
  const bus = testBus();
  let now = t0;
  let service: ReturnType<typeof createVehiclesService>;

  beforeAll(async () => {
    ctx = await createTestApp();
    sellerId = (await createUser(ctx, { name: 'Row Seller' })).id;
    admin = { id: (await createAdmin(ctx)).id, role: 'ADMIN' };
    ids = await createVehicles(
      ctx,
      Array.from({ length: 15 }, (_, i) => ({
        title: `Car ${i}`,
        price: 10_000 + i,
        createdAt: new Date(t0 + i * 60_000),
        ownerId: sellerId,
      })),
    );
    const deps = { db: ctx.database.db, clock: fixedClock(new Date(t0)), storage: ctx.app.deps.storage };
    service = createVehiclesService({ ...deps, config: { NODE_ENV: 'production' }, changes: bus, now: () => now });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    for (const [i, id] of ids.entries())
      await ctx.database.db
        .update(vehicles)
        .set({ title: `Car ${i}` })
        .where(eq(vehicles.id, id));
    bus.connected = true;
    bus.publish();
  });

  const titles = async () => (await service.list({ page: 1, limit: 5, sort: 'price:asc' }, null)).data.map((v) => v.title);
  /** A change made behind the service's back (as another node's write before its message arrives). */
  const retitle = (index: number, title: string) =>
    ctx.database.db.update(vehicles).set({ title }).where(eq(vehicles.id, ids[index]!));

  it('a page shows the rows a recent page read until a change is announced, then the stored ones', async () => {
    expect(await titles()).toEqual(['Car 0', 'Car 1', 'Car 2', 'Car 3', 'Car 4']);
    await retitle(1, 'Renamed 1');
    // Another filter and sort that shows the same listing reuses its row too.
    expect(await titles()).toEqual(['Car 0', 'Car 1', 'Car 2', 'Car 3', 'Car 4']);
    const newest = await service.list({ page: 3, limit: 5, sort: 'createdAt:desc' }, null);
    expect(newest.data.map((v) => v.title)).toContain('Car 1');
    bus.publish();
    expect(await titles()).toEqual(['Car 0', 'Renamed 1', 'Car 2', 'Car 3', 'Car 4']);
  });

  it('which listings a page shows is read afresh: one taken off sale leaves the page at once', async () => {
    expect(await titles()).toEqual(['Car 0', 'Car 1', 'Car 2', 'Car 3', 'Car 4']);
    await ctx.database.db.update(vehicles).set({ status: 'pending' }).where(eq(vehicles.id, ids[2]!));
    expect(await titles()).toEqual(['Car 0', 'Car 1', 'Car 3', 'Car 4', 'Car 5']);
    await ctx.database.db.update(vehicles).set({ status: 'available' }).where(eq(vehicles.id, ids[2]!));
  });

  it("this node's own write empties them at once, without waiting for the change bus", async () => {
    await titles();
    await retitle(0, 'Renamed 0');
    await service.remove(ids[14]!, admin);
    expect(await titles()).toEqual(['Renamed 0', 'Car 1', 'Car 2', 'Car 3', 'Car 4']);
  });

  it('while the change bus is away nothing is reused', async () => {
    await titles();
    bus.connected = false;
    await retitle(3, 'Renamed 3');
    expect((await titles())[3]).toBe('Renamed 3');
  });

  it('a row is reused for five seconds at most', async () => {
    await titles();
    await retitle(4, 'Renamed 4');
    now += 4_900;
    expect((await titles())[4]).toBe('Car 4');
    now += 200;
    expect((await titles())[4]).toBe('Renamed 4');
  });

  it('a kept row is worked out once for visitors; its seller still sees their own account on it', async () => {
    const page = (viewer: { id: string; role: 'USER' } | null) => service.list({ page: 1, limit: 5, sort: 'price:asc' }, viewer);
    const first = (await page(null)).data;
    const again = (await page(null)).data;
    // The same objects: no mapping on a page of kept rows.
    expect(again[0]).toBe(first[0]);
    expect(first[0]!.owner).not.toHaveProperty('_id');
    const asSeller = (await page({ id: sellerId, role: 'USER' })).data;
    expect(asSeller[0]).not.toBe(first[0]);
    expect(asSeller[0]!.owner).toMatchObject({ _id: sellerId });
    expect(asSeller[0]).toHaveProperty('vin');
    const afterSeller = (await page(null)).data;
    expect(afterSeller[0]).toBe(first[0]);
    expect(afterSeller[0]).not.toHaveProperty('vin');
    expect(afterSeller[0]!.owner).not.toHaveProperty('_id');
    // A change announced: new rows, worked out anew.
    await retitle(0, 'Renamed 0');
    bus.publish();
    expect((await page(null)).data[0]!.title).toBe('Renamed 0');
  });

  it('staff lists never reuse rows', async () => {
    await service.list({ page: 1, limit: 5, sort: 'price:asc' }, admin);
    await retitle(3, 'Staff sees 3');
    expect((await service.list({ page: 1, limit: 5, sort: 'price:asc' }, admin)).data.map((v) => v.title)).toContain(
      'Staff sees 3',
    );
  });

  it("staff's totals, unfiltered or filtered, are kept until a change is announced or this node writes; their pages are read afresh", async () => {
    const staffPage = (status?: 'draft') => service.list({ page: 1, status }, admin);
    const total = (await staffPage()).meta.itemCount;
    const drafts = (await staffPage('draft')).meta.itemCount;
    expect(total).toBeGreaterThan(0);
    // Added behind the service's back: the pages show it at once, the kept totals until a change is announced.
    const [extra] = await createVehicles(ctx, [
      { title: 'Staff extra', price: 1, createdAt: new Date(t0 + 3_600_000), status: 'draft', ownerId: sellerId },
    ]);
    const unannounced = await staffPage();
    expect(unannounced.data[0]!.title).toBe('Staff extra');
    expect(unannounced.meta.itemCount).toBe(total);
    expect((await staffPage('draft')).meta.itemCount).toBe(drafts);
    bus.publish();
    expect((await staffPage()).meta.itemCount).toBe(total + 1);
    expect((await staffPage('draft')).meta.itemCount).toBe(drafts + 1);
    // This node's own write: counted again at once, without the change bus.
    await service.remove(extra!, admin);
    expect((await staffPage()).meta.itemCount).toBe(total);
    expect((await staffPage('draft')).meta.itemCount).toBe(drafts);
  });

  it('the facets are worked out once per make asked, in any spelling, until a change is announced', async () => {
    const first = await service.facets({ make: 'Toyota' });
    expect(first.models.map((m) => m.value)).toEqual(['Corolla']);
    expect(await service.facets({ make: 'TOYOTA' })).toBe(first);
    expect((await service.facets({})).models).toEqual([]);
    const [yaris] = await createVehicles(ctx, [{ make: 'Toyota', model: 'Yaris', price: 90_000, ownerId: sellerId }]);
    bus.publish();
    const after = await service.facets({ make: 'toyota' });
    expect(after).not.toBe(first);
    expect(after.models.map((m) => m.value)).toEqual(['Corolla', 'Yaris']);
    await ctx.database.db.delete(vehicles).where(eq(vehicles.id, yaris!));
  });
});
