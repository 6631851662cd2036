import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceGuide, Vehicle } from '@dealer/shared';
import { vehiclePriceChanges } from '../../db/schema';
import { createAdmin, createUser, createVehicle, createVehicles, type TestUser } from '../../test/factories';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { patchVehicle } from '../../test/requests';
import { sessionFor } from '../../test/sessions';

// Every price change is kept (a trigger, whichever path changes the price); the vehicle's page says
// 'Price dropped' for 14 days after a drop and how long it has been listed; sellers get a price guide.

const DAY = 86_400_000;
const clock = fixedClock('2026-05-01T12:00:00Z');
let ctx: TestContext;
let admin: TestUser;
let seller: TestUser;

beforeAll(async () => {
  // The public answer cache on, as in production: a price change must not leave a stale answer.
  ctx = await createTestApp({ clock, config: { PUBLIC_CACHE_MS: 60_000 } });
  admin = await createAdmin(ctx);
  seller = await createUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

/** Moves the fake clock; access tokens live 15 minutes, so the accounts sign in again. */
async function advance(ms: number) {
  clock.advance(ms);
  admin = await sessionFor(ctx, admin);
  seller = await sessionFor(ctx, seller);
}

const view = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` })).json().data as Vehicle;

describe('price history', () => {
  it('keeps every price change in cents, and nothing for other changes', async () => {
    const car = await createVehicle(ctx, { price: 20000.5 });
    expect((await patchVehicle(ctx, admin, car.id, { price: '18500' })).statusCode).toBe(200);
    expect((await patchVehicle(ctx, admin, car.id, { title: 'Renamed' })).statusCode).toBe(200);
    expect((await patchVehicle(ctx, admin, car.id, { price: '19000' })).statusCode).toBe(200);
    const changes = await ctx.database.db.select().from(vehiclePriceChanges).where(eq(vehiclePriceChanges.vehicleId, car.id)).orderBy(vehiclePriceChanges.newPriceCents);
    expect(changes.map((c) => [c.oldPriceCents, c.newPriceCents])).toEqual([
      [2000050, 1850000],
      [1850000, 1900000],
    ]);
    expect(changes.every((c) => c.changedAt.getTime() === clock.now().getTime())).toBe(true);
  });

  it("shows 'Price dropped' at once (no stale cached page), for 14 days, and the days listed", async () => {
    const car = await createVehicle(ctx, { price: 21500, createdAt: new Date(clock.now().getTime() - 12 * DAY - 3_600_000) });
    const before = await view(car.id);
    expect(before.priceDrop).toBeNull();
    expect(before.listedDays).toBe(12);
    expect((await patchVehicle(ctx, admin, car.id, { price: '20000' })).statusCode).toBe(200);
    const after = await view(car.id);
    expect(after.price).toBe(20000);
    expect(after.priceDrop).toEqual({ amount: 1500, changedAt: clock.now().toISOString() });

    await advance(13 * DAY);
    // Another write drops the caches (any write does), so the next read is answered fresh.
    expect((await patchVehicle(ctx, admin, (await createVehicle(ctx)).id, { title: 'Any write' })).statusCode).toBe(200);
    expect((await view(car.id)).priceDrop).not.toBeNull();
    expect((await view(car.id)).listedDays).toBe(25);
    await advance(DAY);
    expect((await patchVehicle(ctx, admin, (await createVehicle(ctx)).id, { title: 'Any write' })).statusCode).toBe(200);
    expect((await view(car.id)).priceDrop).toBeNull();
  });

  it('hides the drop once the price rises again, and never shows a rise', async () => {
    const car = await createVehicle(ctx, { price: 30000 });
    await patchVehicle(ctx, admin, car.id, { price: '32000' });
    expect((await view(car.id)).priceDrop).toBeNull();
    await patchVehicle(ctx, admin, car.id, { price: '29000' });
    expect((await view(car.id)).priceDrop?.amount).toBe(3000);
    await patchVehicle(ctx, admin, car.id, { price: '29500' });
    expect((await view(car.id)).priceDrop).toBeNull();
  });
});

describe('price guide', () => {
  const guide = (query: string, auth: TestUser | null = seller) =>
    ctx.app.inject({ method: 'GET', url: `/api/vehicles/price-guide?${query}`, headers: auth?.auth });

  beforeAll(async () => {
    await createVehicles(ctx, [
      { make: 'Mazda', model: 'CX-5', year: 2018, price: 17000 },
      { make: 'mazda', model: 'cx-5', year: 2019, price: 18000 },
      { make: 'Mazda', model: 'CX-5', year: 2020, price: 20000 },
      { make: 'Mazda', model: 'CX-5', year: 2021, price: 22000 },
      // Outside the years, another model, not public: never comparable.
      { make: 'Mazda', model: 'CX-5', year: 2015, price: 9000 },
      { make: 'Mazda', model: 'CX-9', year: 2020, price: 30000 },
      { make: 'Mazda', model: 'CX-5', year: 2020, price: 99000, status: 'pending' },
      { make: 'Mazda', model: 'CX-5', year: 2020, price: 1000, status: 'sold' },
    ]);
  });

  it('needs at least 5 comparable public listings', async () => {
    const res = await guide('make=Mazda&model=CX-5&year=2020');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ comparables: 4, low: null, median: null, high: null } satisfies PriceGuide);
  });

  it('gives the quartiles and median of same make and model, year within 2, ignoring case', async () => {
    await createVehicle(ctx, { make: 'MAZDA', model: 'Cx-5', year: 2022, price: 24000 });
    const res = await guide('make=mazda&model=cx-5&year=2020');
    expect(res.json().data).toEqual({ comparables: 5, low: 18000, median: 20000, high: 22000 });
    // 2023 reaches 2021 and 2022 only.
    expect((await guide('make=Mazda&model=CX-5&year=2023')).json().data.comparables).toBe(2);
  });

  it('refuses bad input with its message, and asks for a log-in', async () => {
    const missing = await guide('model=CX-5&year=2020');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.make).toBe('Make is required');
    expect((await guide('make=Mazda&model=CX-5&year=abc')).json().errors.year).toBe('Year must be a valid year');
    expect((await guide('make=Mazda&model=&year=2020')).json().errors.model).toBe('Model is required');
    expect((await guide('make=Mazda&model=CX-5&year=2020', null)).statusCode).toBe(401);
    expect((await guide('make=Mazda&model=CX-5&year=2020', admin)).statusCode).toBe(200);
  });
});
