import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { tradeIns, vehicles } from '../db/schema';
import type { DemoUsers } from './demo-users';

const HOUR = 3_600_000;

/**
 * Two trade-ins with offers from the salesperson: Jane's with a live offer (towards the first car on
 * sale), Sam's whose offer expired yesterday, so My Trade-ins and the sales list show both.
 */
export async function seedDemoTradeIns(deps: Pick<AppDeps, 'db' | 'clock'>, userIds: DemoUsers): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now().getTime();
  const [car] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.status, 'available')).orderBy(asc(vehicles.createdAt)).limit(1);
  const answers = { accidentHistory: 'none', serviceHistory: 'full', keys: 'two', warningLights: false, tyres: 'good', bodywork: 'fair' } as const;
  await db.insert(tradeIns).values([
    {
      userId: userIds.jane,
      vehicleId: car?.id ?? null,
      registration: 'JNE4821',
      make: 'Honda',
      model: 'Civic',
      year: 2017,
      mileage: 61_200,
      ...answers,
      notes: 'Small scratch on the rear bumper.',
      status: 'Offer made',
      offerCents: 1_125_000,
      offerExpiresAt: new Date(now + 3 * 24 * HOUR),
      offerNote: 'Subject to a short inspection when you bring the car in.',
      offeredById: userIds.sales,
      offeredAt: new Date(now - 2 * HOUR),
      createdAt: new Date(now - 26 * HOUR),
      updatedAt: new Date(now - 2 * HOUR),
    },
    {
      userId: userIds.sam,
      vin: '1HGCM82633A004352',
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      mileage: 182_400,
      ...answers,
      serviceHistory: 'partial',
      keys: 'one',
      tyres: 'worn',
      status: 'Offer made',
      offerCents: 240_000,
      offerExpiresAt: new Date(now - 24 * HOUR),
      // Its lapse was told the day it happened (the lapse job writes only about new ones).
      offerLapseNoticedAt: new Date(now - 24 * HOUR),
      offerNote: null,
      offeredById: userIds.sales,
      offeredAt: new Date(now - 5 * 24 * HOUR),
      createdAt: new Date(now - 6 * 24 * HOUR),
      updatedAt: new Date(now - 5 * 24 * HOUR),
    },
  ]);
}
