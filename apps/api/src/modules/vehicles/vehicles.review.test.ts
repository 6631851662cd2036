import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../../db/schema';
import { TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { createVehicles, vehicleFields } from '../../test/factories';
import { approveVehicle, createVehicleViaApi, patchVehicle } from '../../test/requests';
import { jpegImage } from '../../test/images';

const ctx = useTestApp();
const { admin, seller, buyer, other } = useTestUsers(ctx, {
  admin: { role: 'ADMIN' },
  seller: { name: 'Sally Seller' },
  buyer: {},
  other: {},
});

const SOLD_READ_ONLY = 'This vehicle has been sold, so its listing can no longer be changed or deleted.';
const PURCHASE_KEPT =
  "This vehicle's sale to a registered buyer is on record, so the listing cannot be deleted. It stays in the buyer's purchases.";

/** A listing of the seller's that the dealership has approved. */
async function approvedListing(fields: Record<string, string> = {}): Promise<string> {
  const created = await createVehicleViaApi(ctx, seller, { description: 'A well kept family car.', ...fields });
  const approved = await approveVehicle(ctx, admin, created._id);
  expect(approved.json().data.status).toBe('available');
  return created._id;
}

const statusOf = async (id: string) =>
  (await ctx.database.db.select({ status: vehicles.status }).from(vehicles).where(eq(vehicles.id, id)))[0]?.status;
const publicGet = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` });

describe(`a seller's edit of an approved listing (${TEST_DB_KIND})`, () => {
  it.each([
    ['title', { title: 'Now with free unicorn' }],
    ['price', { price: '1' }],
    ['description', { description: 'Call me on a premium number for the real price.' }],
    ['make', { make: 'Ferrari' }],
    ['year', { year: '2015' }],
  ])('sends it back to review when the %s changes', async (_field, change) => {
    const id = await approvedListing();
    const res = await patchVehicle(ctx, seller, id, change);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('pending');
    expect((await publicGet(id)).statusCode).toBe(404);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/mine', headers: seller.auth });
    expect(mine.json().data.find((v: { _id: string }) => v._id === id).status).toBe('pending');
  });

  it('sends it back to review when photos are added or removed, not when they are only reordered', async () => {
    const id = await approvedListing();
    const added = await patchVehicle(ctx, seller, id, {}, [{ data: await jpegImage() }]);
    expect(added.json().data.status).toBe('pending');

    await approveVehicle(ctx, admin, id);
    const withTwo = await patchVehicle(ctx, admin, id, {}, [{ data: await jpegImage() }]);
    const keys = (withTwo.json().data.images as { key: string }[]).map((i) => i.key);
    expect(withTwo.json().data.status).toBe('available');
    const reordered = await patchVehicle(ctx, seller, id, {
      'existingImages[0][key]': keys[1]!,
      'existingImages[1][key]': keys[0]!,
    });
    expect(reordered.json().data.status).toBe('available');
    const removed = await patchVehicle(ctx, seller, id, { 'existingImages[0][key]': keys[0]! });
    expect(removed.json().data.status).toBe('pending');
  });

  it.each([
    ['mileage', { mileage: '1200' }],
    ['condition', { condition: 'New' }],
    ['transmission', { transmission: 'Manual' }],
    ['fuel type', { fuelType: 'Electric' }],
    ['exterior colour', { exteriorColor: 'Gold' }],
    ['interior colour', { interiorColor: 'Red' }],
    ['location', { location: 'Somewhere Else, NV' }],
    ['contact phone', { contactPhone: '+1 900 555 0100' }],
    ['contact e-mail', { contactEmail: 'payments@scam.test' }],
  ])('sends it back to review when the %s changes: buyers see it too', async (_field, change) => {
    const id = await approvedListing({ mileage: '150000', condition: 'Fair', location: 'Austin, TX', contactPhone: '+1 512 555 0199' });
    const res = await patchVehicle(ctx, seller, id, change);
    expect(res.json().data.status).toBe('pending');
    expect((await publicGet(id)).statusCode).toBe(404);
  });

  it('keeps it public when the seller saves it unchanged', async () => {
    const id = await approvedListing({ mileage: '51000', location: 'Austin, TX' });
    const same = await patchVehicle(ctx, seller, id, { title: vehicleFields().title!, mileage: '51000', location: 'Austin, TX' });
    expect(same.json().data.status).toBe('available');
  });

  it('keeps it public when the dealership edits it', async () => {
    const id = await approvedListing();
    const res = await patchVehicle(ctx, admin, id, { price: '19999', title: 'Reduced' });
    expect(res.json().data).toMatchObject({ status: 'available', price: 19999 });
  });

  it('a reserved listing goes back to review too; a pending one stays pending', async () => {
    const reserved = await approvedListing();
    await approveVehicle(ctx, admin, reserved, { status: 'reserved' });
    expect((await patchVehicle(ctx, seller, reserved, { price: '100' })).json().data.status).toBe('pending');
    const pending = await createVehicleViaApi(ctx, seller);
    expect((await patchVehicle(ctx, seller, pending._id, { price: '100' })).json().data.status).toBe('pending');
  });
});

describe(`sold listings (${TEST_DB_KIND})`, () => {
  let soldId: string;

  beforeAll(async () => {
    soldId = await approvedListing();
    const sold = await patchVehicle(ctx, admin, soldId, { status: 'sold', buyerId: buyer.id });
    expect(sold.json().data.status).toBe('sold');
  });

  const purchases = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/vehicles/purchases', headers: buyer.auth })).json().data as {
      vehicle: { _id: string };
      price: number;
    }[];

  it('are read-only to their seller: no re-pricing, no new photos, no deleting', async () => {
    const reprice = await patchVehicle(ctx, seller, soldId, { price: '1' });
    expect(reprice.statusCode).toBe(409);
    expect(reprice.json()).toMatchObject({ status: 'ERROR', statusCode: 409, message: SOLD_READ_ONLY });
    const photo = await patchVehicle(ctx, seller, soldId, {}, [{ data: await jpegImage() }]);
    expect(photo.statusCode).toBe(409);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${soldId}`, headers: seller.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(SOLD_READ_ONLY);
    expect(await statusOf(soldId)).toBe('sold');
    expect((await purchases()).find((p) => p.vehicle._id === soldId)?.price).toBe(Number(vehicleFields().price));
  });

  it('keep their permission answers for others: anonymous 401, another user 403', async () => {
    expect((await patchVehicle(ctx, null, soldId, { price: '1' })).statusCode).toBe(401);
    expect((await patchVehicle(ctx, other, soldId, { price: '1' })).statusCode).toBe(403);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${soldId}`, headers: other.auth });
    expect(del.statusCode).toBe(403);
  });

  it("cannot be deleted even by an admin while a buyer's purchase is on record", async () => {
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${soldId}`, headers: admin.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(PURCHASE_KEPT);
    expect(await purchases()).toEqual(
      expect.arrayContaining([expect.objectContaining({ vehicle: expect.objectContaining({ _id: soldId }) })]),
    );
  });

  it('an admin may still correct a sold listing and delete one sold without a recorded buyer', async () => {
    const fixed = await patchVehicle(ctx, admin, soldId, { price: '24000' });
    expect(fixed.json().data).toMatchObject({ status: 'sold', price: 24000 });
    const [noBuyer] = await createVehicles(ctx, [{ status: 'sold', ownerId: seller.id }]);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${noBuyer}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
  });
});
