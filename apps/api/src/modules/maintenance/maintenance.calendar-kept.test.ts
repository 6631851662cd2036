import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeTopic } from '../../infra/change-bus';
import { closureDays, workshopSettings } from '../../db/schema';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { createAdmin } from '../../test/factories';
import { createMaintenanceService } from './maintenance.service';

/** A change bus whose messages the test sends, by topic, and which the test can take away. */
function testBus() {
  const listeners: { listener: () => void; topic: ChangeTopic }[] = [];
  return {
    connected: true,
    onChange: (listener: () => void, topic: ChangeTopic = 'listings') => void listeners.push({ listener, topic }),
    publish: (topic: ChangeTopic) => listeners.filter((l) => l.topic === topic).forEach((l) => l.listener()),
  };
}

const MONTH = '2026-07';
const CLOSED = '2026-07-14';
const RESOURCES = { serviceBays: 2, bodyBays: 1, paintBooths: 1 };

// The calendar's place counts, durations and closure days are kept between requests outside tests (tests
// write behind the service's back): what a change on another node looks like until its message arrives.
describe("the workshop calendar's kept counts, durations and closure days", () => {
  let ctx: TestContext;
  let adminId: string;
  const bus = testBus();
  let service: ReturnType<typeof createMaintenanceService>;

  beforeAll(async () => {
    ctx = await createTestApp();
    adminId = (await createAdmin(ctx)).id;
    const config = { ...ctx.app.deps.config, NODE_ENV: 'production' as const, SLOT_CAPACITY: 2, BOOKING_HORIZON_DAYS: 400 };
    service = createMaintenanceService({ db: ctx.database.db, clock: fixedClock('2026-06-10T14:30:00Z'), config, changes: bus });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    await ctx.database.db.delete(closureDays);
    await ctx.database.db.delete(workshopSettings);
    bus.connected = true;
    bus.publish('calendar');
  });

  /** A closure day added behind the service's back, as another node's write before its message arrives. */
  const closeBehindItsBack = () => ctx.database.db.insert(closureDays).values({ date: CLOSED, reason: 'Stocktake' });
  const unavailable = async () => (await service.monthAvailability(MONTH)).unavailableDates.includes(CLOSED);
  const dayClosed = async () => (await service.dayAvailability(CLOSED)).availability.every((slot) => !slot.available);

  it('a closure day another node adds shows once the calendar change is announced, not before, and not on a booking', async () => {
    expect(await unavailable()).toBe(false);
    expect(await dayClosed()).toBe(false);
    await closeBehindItsBack();
    expect(await unavailable()).toBe(false);
    expect(await dayClosed()).toBe(false);
    // A booking's message (the workshop's places) leaves the calendar itself kept.
    bus.publish('workshop');
    expect(await unavailable()).toBe(false);
    bus.publish('calendar');
    expect(await unavailable()).toBe(true);
    expect(await dayClosed()).toBe(true);
  });

  it('place counts another node saves show once announced; this node\'s own save shows at once', async () => {
    expect((await service.settings()).slotCapacity).toBe(2);
    await ctx.database.db.insert(workshopSettings).values({ id: 1, ...RESOURCES, serviceBays: 5 });
    expect((await service.settings()).slotCapacity).toBe(2);
    bus.publish('calendar');
    expect((await service.settings()).slotCapacity).toBe(5);

    const settings = await service.workshopSettings();
    await service.updateWorkshopSettings({ id: adminId, role: 'ADMIN' } as never, { resources: { ...RESOURCES, serviceBays: 3 }, services: settings.services });
    expect((await service.settings()).slotCapacity).toBe(3);
    expect((await service.workshopSettings()).resources.serviceBays).toBe(3);
  });

  it('keeps nothing while the change bus is away', async () => {
    expect(await unavailable()).toBe(false);
    bus.connected = false;
    await closeBehindItsBack();
    expect(await unavailable()).toBe(true);
    await ctx.database.db.delete(closureDays).where(eq(closureDays.date, CLOSED));
    expect(await unavailable()).toBe(false);
  });
});
