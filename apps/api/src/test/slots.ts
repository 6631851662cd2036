import { and, eq } from 'drizzle-orm';
import { slotHour } from '@dealer/shared';
import { expect } from 'vitest';
import { resourceHours } from '../db/schema';
import { countHoldingInSlot } from '../modules/maintenance';
import type { TestContext } from './harness';

/** What the tests read of a workshop slot: its place counter, and the appointments that hold a place in it. */

/** The service bays' counter of taken places at that hour (0 for an hour nobody has booked). */
export async function slotCounter(ctx: TestContext, date: string, time: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ booked: resourceHours.booked })
    .from(resourceHours)
    .where(and(eq(resourceHours.resource, 'Service bay'), eq(resourceHours.date, date), eq(resourceHours.hour, slotHour(time))));
  return row?.booked ?? 0;
}

/** The counter and the appointments holding a place agree, and both equal `expected`. */
export async function expectSlotPlaces(ctx: TestContext, date: string, time: string, expected: number): Promise<void> {
  expect(await slotCounter(ctx, date, time), `counter of ${date} ${time}`).toBe(expected);
  expect(await countHoldingInSlot(ctx.database.db, date, time), `appointments in ${date} ${time}`).toBe(expected);
}
