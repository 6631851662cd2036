import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeTopic } from '../../infra/change-bus';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { createUser, createVehicle } from '../../test/factories';
import { createAdminService } from './admin.service';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** A change bus whose writes the test announces. */
function testBus() {
  const listeners: { listener: () => void; topic: ChangeTopic | undefined }[] = [];
  return {
    onChange: (listener: () => void, topic?: ChangeTopic) => void listeners.push({ listener, topic }),
    publish: (topic: ChangeTopic) => listeners.filter((l) => (l.topic ?? 'listings') === topic).forEach((l) => l.listener()),
  };
}

describe("the dashboard outside tests", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('are kept with the newest rows between two looks, and read again after a write to listings or the workshop', async () => {
    const bus = testBus();
    const admin = createAdminService({
      db: ctx.database.db,
      clock: fixedClock(NOW),
      storage: ctx.app.deps.storage,
      config: { ...ctx.config, NODE_ENV: 'production' },
      changes: bus,
    });
    const first = await admin.overview();
    await createVehicle(ctx, { status: 'pending', createdAt: NOW });
    await createUser(ctx);
    // Kept: the rows were written behind the service's back, and no write was announced.
    expect((await admin.overview()).totalVehicles).toBe(first.totalVehicles);
    bus.publish('listings');
    const afterListing = await admin.overview();
    expect(afterListing.totalVehicles).toBe(first.totalVehicles + 1);
    expect(afterListing.pendingApprovals).toBe(first.pendingApprovals + 1);
    expect(afterListing.activeUsers).toBe(first.activeUsers + 1);

    await createVehicle(ctx, { status: 'pending', createdAt: NOW });
    bus.publish('workshop');
    expect((await admin.overview()).totalVehicles).toBe(first.totalVehicles + 2);
    // The newest rows are kept with the figures: a sign-up announces no change, so it shows after the next write (or the refresh).
    await createUser(ctx, { name: 'Newest Person' });
    await createVehicle(ctx, { status: 'pending', createdAt: NOW, title: 'Newest Listing' });
    const keptLook = await admin.overview();
    expect(keptLook.recentUsers.map((u) => u.name)).not.toContain('Newest Person');
    expect(keptLook.recentVehicles.map((v) => v.title)).not.toContain('Newest Listing');
    bus.publish('listings');
    const afterWrite = await admin.overview();
    expect(afterWrite.recentUsers.map((u) => u.name)).toContain('Newest Person');
    expect(afterWrite.recentVehicles.map((v) => v.title)).toContain('Newest Listing');
  });
});
