import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHOTO_ORDER_MESSAGES, type Vehicle } from '@dealer/shared';
import { vehicleImages, vehicles } from '../../db/schema';
import { listAudit } from '../audit';
import { TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { vehicleFields } from '../../test/factories';
import { approveVehicle, createVehicleViaApi, patchVehicle, postVehicle, storedFiles } from '../../test/requests';
import { jpegImage } from '../../test/images';
import { type FilePart, multipart } from '../../test/multipart';

const ctx = useTestApp();
const { admin, seller, other } = useTestUsers(ctx, { admin: { role: 'ADMIN' }, seller: { name: 'Photo Seller' }, other: {} });

/** Photos told apart by their width, which the server keeps (they are smaller than any resize). */
const photo = async (width: number): Promise<FilePart> => ({ data: await jpegImage(width, 30) });
const widths = (vehicle: Pick<Vehicle, 'images'>) => vehicle.images.map((image) => image.width);

async function storedOrder(id: string) {
  const rows = await ctx.database.db
    .select({ key: vehicleImages.key, position: vehicleImages.position })
    .from(vehicleImages)
    .where(eq(vehicleImages.vehicleId, id))
    .orderBy(asc(vehicleImages.position));
  return rows;
}
async function snapshot(id?: string) {
  const [v] = await ctx.database.db.select({ n: count() }).from(vehicles);
  const [i] = await ctx.database.db.select({ n: count() }).from(vehicleImages);
  const row = id
    ? (
        await ctx.database.db
          .select({ status: vehicles.status, updatedAt: vehicles.updatedAt })
          .from(vehicles)
          .where(eq(vehicles.id, id))
      )[0]
    : undefined;
  return {
    vehicles: v!.n,
    images: i!.n,
    files: await storedFiles(ctx),
    order: id ? await storedOrder(id) : [],
    row,
  };
}

/** A listing of the seller's with photos 40, 50 and 60 px wide, approved by the dealership. */
async function approvedListing(): Promise<Vehicle> {
  const created = await createVehicleViaApi(ctx, seller, {}, [await photo(40), await photo(50), await photo(60)]);
  const approved = await approveVehicle(ctx, admin, created._id);
  expect(approved.statusCode).toBe(200);
  return approved.json().data as Vehicle;
}
const publicGet = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` });
const keys = (vehicle: Vehicle) => vehicle.images.map((image) => image.key);
const orderFields = (refs: string[]) => Object.fromEntries(refs.map((ref, i) => [`photoOrder[${i}]`, ref]));

describe(`photo order on create (${TEST_DB_KIND})`, () => {
  it('keeps the files in the order sent when no order is given', async () => {
    const vehicle = await createVehicleViaApi(ctx, seller, {}, [await photo(40), await photo(50), await photo(60)]);
    expect(widths(vehicle)).toEqual([40, 50, 60]);
  });

  it('stores the photos in the order given, its first entry as the cover', async () => {
    const res = await postVehicle(ctx, seller, { ...vehicleFields(), ...orderFields(['new:2', 'new:0', 'new:1']) }, [
      await photo(40),
      await photo(50),
      await photo(60),
    ]);
    expect(res.statusCode).toBe(201);
    const vehicle = res.json().data as Vehicle;
    expect(widths(vehicle)).toEqual([60, 40, 50]);
    expect((await storedOrder(vehicle._id)).map((r) => r.position)).toEqual([0, 1, 2]);

    // Once approved, the public sees the chosen cover first.
    await approveVehicle(ctx, admin, vehicle._id);
    const shown = (await publicGet(vehicle._id)).json().data as Vehicle;
    expect(widths(shown)).toEqual([60, 40, 50]);
  });

  it('accepts the order as repeated photoOrder fields too', async () => {
    const res = await postVehicle(ctx, seller, { ...vehicleFields(), photoOrder: ['new:1', 'new:0'] }, [
      await photo(40),
      await photo(50),
    ]);
    expect(res.statusCode).toBe(201);
    expect(widths(res.json().data)).toEqual([50, 40]);
  });

  it('lets an admin order the photos of a listing they create', async () => {
    const res = await postVehicle(ctx, admin, { ...vehicleFields(), ...orderFields(['new:1', 'new:0']) }, [
      await photo(40),
      await photo(50),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('available');
    expect(widths(res.json().data)).toEqual([50, 40]);
  });

  it('refuses an anonymous create with an order (401) and stores nothing', async () => {
    const before = await snapshot();
    const body = multipart({ ...vehicleFields(), ...orderFields(['new:0']) }, [await photo(40)]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a duplicate', ['new:0', 'new:0', 'new:1'], PHOTO_ORDER_MESSAGES.duplicate],
    ['the same upload spelt twice', ['new:0', 'new:00', 'new:1'], PHOTO_ORDER_MESSAGES.duplicate],
    ['an upload that was not sent', ['new:0', 'new:1', 'new:3'], PHOTO_ORDER_MESSAGES.unknownNew],
    ['an unknown key', ['new:0', 'new:1', 'abcdef0123456789abcdef01'], PHOTO_ORDER_MESSAGES.unknown],
    ['too few entries', ['new:2', 'new:0'], PHOTO_ORDER_MESSAGES.count(2, 3)],
    ['a blank entry', ['new:0', ' ', 'new:1'], PHOTO_ORDER_MESSAGES.blank],
  ])('refuses an order with %s (422) and stores nothing', async (_case, refs, message) => {
    const before = await snapshot();
    const res = await postVehicle(ctx, seller, { ...vehicleFields(), ...orderFields(refs) }, [
      await photo(40),
      await photo(50),
      await photo(60),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toEqual({ photoOrder: message });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an order longer than a listing may be (422)', async () => {
    const refs = Array.from({ length: 21 }, (_, i) => `new:${i}`);
    const res = await postVehicle(ctx, seller, { ...vehicleFields(), ...orderFields(refs) }, [await photo(40)]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PHOTO_ORDER_MESSAGES.tooMany);
  });
});

describe(`photo order on edit (${TEST_DB_KIND})`, () => {
  it('saves a new order of the same photos without sending the listing back to review', async () => {
    const vehicle = await approvedListing();
    const [a, b, c] = keys(vehicle);
    const res = await patchVehicle(ctx, seller, vehicle._id, orderFields([c!, a!, b!]));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('available');
    expect(widths(res.json().data)).toEqual([60, 40, 50]);
    const shown = (await publicGet(vehicle._id)).json().data as Vehicle;
    expect(keys(shown)).toEqual([c, a, b]);
    expect((await storedOrder(vehicle._id)).map((r) => r.position)).toEqual([0, 1, 2]);
  });

  it('changes only the cover when the kept photos are sent in the new order (existingImages)', async () => {
    const vehicle = await approvedListing();
    const [a, b, c] = keys(vehicle);
    const res = await patchVehicle(ctx, seller, vehicle._id, {
      'existingImages[0][key]': b!,
      'existingImages[1][key]': a!,
      'existingImages[2][key]': c!,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('available');
    expect(keys(res.json().data)).toEqual([b, a, c]);
  });

  it('interleaves kept photos and new uploads; a removal still sends the listing to review', async () => {
    const vehicle = await approvedListing();
    const [a, , c] = keys(vehicle);
    const res = await patchVehicle(
      ctx,
      seller,
      vehicle._id,
      {
        'existingImages[0][key]': a!,
        'existingImages[1][key]': c!,
        ...orderFields(['new:1', c!, 'new:0', a!]),
      },
      [await photo(70), await photo(80)],
    );
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Vehicle;
    expect(widths(updated)).toEqual([80, 60, 70, 40]);
    expect(updated.status).toBe('pending');
    expect((await storedOrder(vehicle._id)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
    // The removed photo's files are gone; the four kept ones remain.
    const files = (await storedFiles(ctx)).filter((f) => f.includes(vehicle._id));
    expect(new Set(files.map((f) => f.split('/').pop()!.split('-')[0])).size).toBe(4);
  });

  it('takes the order in a JSON body too', async () => {
    const vehicle = await approvedListing();
    const [a, b, c] = keys(vehicle);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle._id}`,
      payload: { photoOrder: [b, c, a] },
      headers: seller.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(keys(res.json().data)).toEqual([b, c, a]);
  });

  it.each([
    ['a duplicate', (k: string[]) => [k[0]!, k[0]!, k[1]!], PHOTO_ORDER_MESSAGES.duplicate],
    ['a key of another listing', (k: string[], foreign: string) => [k[0]!, k[1]!, foreign], PHOTO_ORDER_MESSAGES.unknown],
    ['a missing photo', (k: string[]) => [k[2]!, k[0]!], PHOTO_ORDER_MESSAGES.count(2, 3)],
    ['an extra entry', (k: string[]) => [k[2]!, k[0]!, k[1]!, 'new:0'], PHOTO_ORDER_MESSAGES.unknownNew],
  ])('refuses an order with %s (422) and changes nothing', async (_case, refsOf, message) => {
    const vehicle = await approvedListing();
    const foreign = keys(await createVehicleViaApi(ctx, other, {}, [await photo(30)]))[0]!;
    const before = await snapshot(vehicle._id);
    const res = await patchVehicle(ctx, seller, vehicle._id, {
      title: 'Changed title',
      ...orderFields(refsOf(keys(vehicle), foreign)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
    expect(res.json().errors).toEqual({ photoOrder: message });
    expect(await snapshot(vehicle._id)).toEqual(before);
    expect(((await publicGet(vehicle._id)).json().data as Vehicle).title).toBe(vehicleFields().title);
  });

  it('refuses an order naming a photo the same request removes, and one that leaves out a new upload', async () => {
    const vehicle = await approvedListing();
    const [a, b, c] = keys(vehicle);
    const before = await snapshot(vehicle._id);
    const removing = await patchVehicle(ctx, seller, vehicle._id, {
      'existingImages[0][key]': a!,
      'existingImages[1][key]': b!,
      ...orderFields([c!, a!, b!]),
    });
    expect(removing.statusCode).toBe(422);
    expect(removing.json().message).toBe(PHOTO_ORDER_MESSAGES.removed);

    const forgotten = await patchVehicle(ctx, seller, vehicle._id, orderFields([c!, a!, b!]), [await photo(70)]);
    expect(forgotten.statusCode).toBe(422);
    expect(forgotten.json().message).toBe(PHOTO_ORDER_MESSAGES.count(3, 4));
    expect(await snapshot(vehicle._id)).toEqual(before);
  });
});

describe(`who may reorder photos (${TEST_DB_KIND})`, () => {
  it('refuses an anonymous visitor (401) and another user (403), changing nothing', async () => {
    const vehicle = await approvedListing();
    const [a, b, c] = keys(vehicle);
    const before = await snapshot(vehicle._id);
    const anonymous = await patchVehicle(ctx, null, vehicle._id, orderFields([c!, b!, a!]));
    expect(anonymous.statusCode).toBe(401);
    const stranger = await patchVehicle(ctx, other, vehicle._id, orderFields([c!, b!, a!]));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('Only the seller or the dealership can change this listing');
    expect(await snapshot(vehicle._id)).toEqual(before);
  });

  it("lets the dealership reorder a seller's photos; the listing stays live and the audit keeps the new order", async () => {
    const vehicle = await approvedListing();
    const [a, b, c] = keys(vehicle);
    const res = await patchVehicle(ctx, admin, vehicle._id, orderFields([b!, c!, a!]));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('available');
    expect(keys(res.json().data)).toEqual([b, c, a]);
    const [latest] = await listAudit(ctx.database.db, 'vehicle', vehicle._id, 1);
    expect(latest!.action).toBe('vehicle.update');
    expect((latest!.after as { images: string[] }).images).toEqual([b, c, a]);
    expect((latest!.before as { images: string[] }).images).toEqual([a, b, c]);
  });

  it('lets the owner reorder a pending listing; it stays pending', async () => {
    const created = await createVehicleViaApi(ctx, seller, {}, [await photo(40), await photo(50)]);
    const [a, b] = keys(created);
    const res = await patchVehicle(ctx, seller, created._id, orderFields([b!, a!]));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('pending');
    expect(keys(res.json().data)).toEqual([b, a]);
  });
});
