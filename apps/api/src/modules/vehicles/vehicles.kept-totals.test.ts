import { beforeAll, describe, expect, it } from 'vitest';
import { createVehicles } from '../../test/factories';
import { useTestApp } from '../../test/harness';

// A visitor's total by make, model, body type and drivetrain is read from the kept counts, not counted: it must
// be what the list itself holds, spelling and case aside, hidden listings left out.
const ctx = useTestApp();
beforeAll(async () => {
  await createVehicles(ctx, [
    { make: 'Ford', model: 'Focus', bodyType: 'Hatchback', drivetrain: 'FWD' },
    { make: 'FORD', model: 'focus', bodyType: 'Hatchback', drivetrain: 'FWD' },
    { make: 'ford', model: 'Ranger', bodyType: 'Pickup', drivetrain: '4WD' },
    { make: 'Ford', model: 'Ranger', bodyType: 'Pickup', drivetrain: '4WD', status: 'pending' },
    { make: 'Ford', model: 'Kuga', bodyType: null, drivetrain: null },
    { make: 'Škoda', model: 'Octavia', bodyType: 'Wagon', drivetrain: 'FWD', status: 'reserved' },
    { make: 'Volvo', model: 'XC60', bodyType: 'SUV', drivetrain: 'AWD', status: 'sold' },
  ]);
});

async function listed(query: string): Promise<{ total: number; rows: number }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles?limit=100&${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: unknown[]; meta: { itemCount: number } };
  return { total: body.meta.itemCount, rows: body.data.length };
}

describe("a visitor's total from the kept counts", () => {
  it.each([
    ['make=ford', 4],
    ['make=FORD&model=FOCUS', 2],
    ['model=ranger', 1],
    ['bodyType=Hatchback', 2],
    ['drivetrain=FWD', 3],
    ['make=Ford&bodyType=Pickup&drivetrain=4WD', 1],
    ['make=%C5%A0KODA', 1],
    ['make=Volvo', 0],
    ['make=Lada', 0],
  ])('%s: %i, as many as the list holds', async (query, expected) => {
    expect(await listed(query)).toEqual({ total: expected, rows: expected });
  });

  it('counts a listing added since', async () => {
    const before = (await listed('make=Ford')).total;
    await createVehicles(ctx, [{ make: 'Ford', model: 'Puma' }]);
    expect((await listed('make=Ford')).total).toBe(before + 1);
  });
});
