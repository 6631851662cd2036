import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, vehicleImages, vehicles } from '../../db/schema';
import { useTestApp, useTestUsers } from '../../test/harness';
import { createUser, createVehicles, vehicleFields } from '../../test/factories';
import { approveVehicle, createVehicleViaApi, patchVehicle, postVehicle, storedFiles } from '../../test/requests';
import { jpegImage, pngImage } from '../../test/images';

const ctx = useTestApp();
const { admin, owner, other } = useTestUsers(ctx, { admin: { role: 'ADMIN' }, owner: { name: 'Olivia Owner' }, other: {} });

describe('POST /api/vehicles', () => {
  it('creates a pending listing for a user, with the owner and the photos', async () => {
    const res = await postVehicle(
      ctx,
      owner,
      {
        ...vehicleFields(),
        mileage: '12000',
        fuelType: 'Hybrid',
        transmission: 'CVT',
        condition: 'Excellent',
        description: 'A very clean car, one owner.',
        location: 'Austin, TX',
        contactPhone: '+1 512 555 0101',
        contactEmail: 'seller@example.com',
        exteriorColor: 'Blue',
        interiorColor: 'Black',
        status: 'available',
      },
      [{ data: await jpegImage() }, { data: await pngImage(), filename: 'b.png', contentType: 'image/png' }],
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe('SUCCESS');
    const v = body.data;
    expect(v).toMatchObject({
      title: 'Toyota Camry SE',
      make: 'Toyota',
      model: 'Camry',
      year: 2020,
      price: 25000,
      mileage: 12000,
      fuelType: 'Hybrid',
      transmission: 'CVT',
      condition: 'Excellent',
      exteriorColor: 'Blue',
      interiorColor: 'Black',
      location: 'Austin, TX',
      contactPhone: '+1 512 555 0101',
      contactEmail: 'seller@example.com',
      status: 'pending',
      owner: { _id: owner.id, name: 'Olivia Owner', avatar: null, email: owner.email },
    });
    expect(v._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(v.createdAt).toISOString()).toBe(v.createdAt);
    expect(v.images).toHaveLength(2);
    expect(v.images[0]).toMatchObject({ width: 32, height: 32, sizes: [{ width: 32 }] });
    expect(v.images[0].url).toBe(`/uploads/vehicles/${v._id}/${v.images[0].key}-32.webp`);
    const file = await ctx.app.inject({ method: 'GET', url: v.images[0].url });
    expect(file.statusCode).toBe(200);
  });

  it('lets an admin create an available listing or choose its status', async () => {
    const live = await createVehicleViaApi(ctx, admin);
    expect(live.status).toBe('available');
    const reserved = await createVehicleViaApi(ctx, admin, { status: 'reserved' });
    expect(reserved.status).toBe('reserved');
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/vehicles', payload: vehicleFields() });
    expect(res.statusCode).toBe(401);
  });

  it('accepts a JSON body too', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      payload: { ...vehicleFields(), price: 9000 },
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ price: 9000, images: [] });
  });

  it.each([
    ['make', { make: '' }, 'Make is required'],
    ['model', { model: ' ' }, 'Model is required'],
    ['year', { year: '99' }, 'Year must be a valid year'],
    ['year', { year: '1899' }, 'Year must be a valid year'],
    ['year', { year: String(new Date().getFullYear() + 1) }, 'Year must be a valid year'],
    ['price', { price: '' }, 'Price is required'],
    ['price', { price: '-1' }, 'Price must be 0 or more'],
    ['title', { title: '' }, 'Title is required'],
    ['description', { description: 'too short' }, 'Description must be at least 10 characters'],
    ['contactEmail', { contactEmail: 'not-an-email' }, 'Invalid email address'],
    ['fuelType', { fuelType: 'Steam' }, 'Choose a fuel type from the list'],
    ['transmission', { transmission: 'Tiptronic' }, 'Choose a transmission from the list'],
    ['condition', { condition: 'Broken' }, 'Choose a condition from the list'],
    ['mileage', { mileage: '-5' }, 'Mileage must be 0 or more'],
  ])('refuses a bad %s with the spec message (%j)', async (field, change, message) => {
    const res = await postVehicle(ctx, owner, { ...vehicleFields(), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(message);
  });

  it('accepts an empty contact e-mail and absent optional fields', async () => {
    const res = await postVehicle(ctx, owner, { ...vehicleFields(), contactEmail: '', mileage: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ contactEmail: null, mileage: null, description: null });
  });
});

describe('GET /api/vehicles/:id visibility', () => {
  let pendingId: string;
  let soldId: string;
  let draftId: string;
  beforeAll(async () => {
    [pendingId, soldId, draftId] = (await createVehicles(ctx, [
      { status: 'pending', ownerId: owner.id },
      { status: 'sold', ownerId: owner.id },
      { status: 'draft', ownerId: owner.id },
    ])) as [string, string, string];
  });

  it('shows public and sold listings to everyone', async () => {
    const [availableId] = await createVehicles(ctx, [{ status: 'available', ownerId: owner.id }]);
    for (const id of [availableId, soldId]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` });
      expect(res.statusCode).toBe(200);
      // No contact details on the listing: the owner's stand in, but never the account id.
      expect(res.json().data.owner).toMatchObject({ phone: '+1 555 0100 200', email: owner.email });
      expect(res.json().data.owner).not.toHaveProperty('_id');
    }
  });

  it('shows pending and draft listings only to the owner and admins', async () => {
    for (const id of [pendingId, draftId]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: other.auth })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: owner.auth })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: admin.auth })).statusCode).toBe(200);
    }
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${encodeURIComponent(id)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 404, message: 'Vehicle not found' });
    }
  });
});

describe('PATCH /api/vehicles/:id', () => {
  it('lets the owner change fields and keeps the status', async () => {
    const v = await createVehicleViaApi(ctx, owner);
    const res = await patchVehicle(ctx, owner, v._id, { price: '23000', description: 'Fresh tyres and a full service history.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      price: 23000,
      status: 'pending',
      title: 'Toyota Camry SE',
      description: 'Fresh tyres and a full service history.',
    });
  });

  it('refuses status and buyer changes from the owner', async () => {
    const v = await createVehicleViaApi(ctx, owner);
    expect((await patchVehicle(ctx, owner, v._id, { status: 'available' })).statusCode).toBe(403);
    expect((await patchVehicle(ctx, owner, v._id, { buyerId: other.id })).statusCode).toBe(403);
    // Sending the current status back is harmless.
    expect((await patchVehicle(ctx, owner, v._id, { status: 'pending' })).statusCode).toBe(200);
  });

  it('answers 403 to another user for a visible listing, 404 for a hidden one, 401 anonymous', async () => {
    const [visible, hidden] = await createVehicles(ctx, [
      { status: 'available', ownerId: owner.id },
      { status: 'pending', ownerId: owner.id },
    ]);
    expect((await patchVehicle(ctx, other, visible!, { price: '1' })).statusCode).toBe(403);
    expect((await patchVehicle(ctx, other, hidden!, { price: '1' })).statusCode).toBe(404);
    expect((await patchVehicle(ctx, null, visible!, { price: '1' })).statusCode).toBe(401);
    expect((await patchVehicle(ctx, other, 'nope', { price: '1' })).statusCode).toBe(404);
  });

  it('validates changed fields with the spec messages', async () => {
    const v = await createVehicleViaApi(ctx, owner);
    const res = await patchVehicle(ctx, owner, v._id, { year: '12', contactEmail: 'x@' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ year: 'Year must be a valid year', contactEmail: 'Invalid email address' });
  });

  it('lets an admin approve, sell to a buyer by e-mail, and records an audit entry each time', async () => {
    const v = await createVehicleViaApi(ctx, owner);
    const approved = await approveVehicle(ctx, admin, v._id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('available');

    const sold = await patchVehicle(ctx, admin, v._id, { status: 'sold', buyer: other.email.toUpperCase() });
    expect(sold.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, v._id));
    expect(row!.buyerId).toBe(other.id);
    expect(row!.soldAt).toBeInstanceOf(Date);

    const purchases = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/purchases', headers: other.auth });
    expect(purchases.statusCode).toBe(200);
    expect(purchases.json().data).toEqual([
      expect.objectContaining({
        vehicle: expect.objectContaining({ _id: v._id, status: 'sold' }),
        price: 25000,
        purchasedAt: row!.soldAt!.toISOString(),
      }),
    ]);
    const ownerPurchases = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/purchases', headers: owner.auth });
    expect(ownerPurchases.json().data).toEqual([]);

    const audits = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'vehicle'), eq(auditEntries.entityId, v._id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['vehicle.status', 'vehicle.status']);
    const sale = audits.find((a) => (a.after as { status: string }).status === 'sold')!;
    expect(sale.actorId).toBe(admin.id);
    expect(sale.before).toMatchObject({ status: 'available', buyerId: null });
    expect(sale.after).toMatchObject({ status: 'sold', buyerId: other.id });
  });

  it('refuses an unknown buyer and a buyer on an unsold listing', async () => {
    const v = await createVehicleViaApi(ctx, admin);
    const unknown = await patchVehicle(ctx, admin, v._id, { status: 'sold', buyer: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.buyerId).toBe('No registered user has this id, e-mail or username');
    const unsold = await patchVehicle(ctx, admin, v._id, { buyerId: other.id });
    expect(unsold.statusCode).toBe(422);
    expect(unsold.json().errors.buyerId).toBe('A buyer can only be recorded on a sold listing');
  });

  it('keeps the chosen photos in the order sent and appends new ones', async () => {
    const v = await createVehicleViaApi(ctx, owner, {}, [
      { data: await pngImage(32, 32, '#ff0000') },
      { data: await pngImage(32, 32, '#00ff00') },
      { data: await pngImage(32, 32, '#0000ff') },
    ]);
    const [a, b, c] = v.images.map((i) => i.key);
    const res = await patchVehicle(ctx, owner, v._id, { 'existingImages[0][key]': c!, 'existingImages[1][key]': a! }, [
      { data: await jpegImage(40, 30) },
    ]);
    expect(res.statusCode).toBe(200);
    const images = res.json().data.images as { key: string; width: number }[];
    expect(images.map((i) => i.key).slice(0, 2)).toEqual([c, a]);
    expect(images).toHaveLength(3);
    expect(images[2]!.width).toBe(40);
    const files = await storedFiles(ctx);
    expect(files.some((f) => f.includes(b!))).toBe(false);
    expect(files.filter((f) => f.startsWith(`vehicles/${v._id}/`))).toHaveLength(3);

    // No existingImages field at all keeps every photo.
    const kept = await patchVehicle(ctx, owner, v._id, { price: '1000' });
    expect(kept.json().data.images.map((i: { key: string }) => i.key)).toEqual(images.map((i) => i.key));
    // A single empty existingImages field keeps none.
    const none = await patchVehicle(ctx, owner, v._id, { existingImages: '' });
    expect(none.json().data.images).toEqual([]);
    expect((await storedFiles(ctx)).filter((f) => f.startsWith(`vehicles/${v._id}/`))).toEqual([]);
  });

  it('refuses a kept key from another listing', async () => {
    const mine = await createVehicleViaApi(ctx, owner, {}, [{ data: await pngImage() }]);
    const theirs = await createVehicleViaApi(ctx, other, {}, [{ data: await pngImage() }]);
    const res = await patchVehicle(ctx, owner, mine._id, { 'existingImages[0][key]': theirs.images[0]!.key });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.existingImages).toBe('One of the kept photos does not belong to this listing');
  });
});

describe('DELETE /api/vehicles/:id', () => {
  it('lets the owner delete and removes the photo files', async () => {
    const v = await createVehicleViaApi(ctx, owner, {}, [{ data: await pngImage() }, { data: await jpegImage() }]);
    expect((await storedFiles(ctx)).filter((f) => f.includes(v._id))).toHaveLength(2);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${v._id}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'SUCCESS', data: { _id: v._id } });
    expect((await storedFiles(ctx)).filter((f) => f.includes(v._id))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${v._id}`, headers: owner.auth })).statusCode).toBe(404);
  });

  it('answers 403 to another user, 404 for a hidden listing, 401 anonymous; admins may delete (audited)', async () => {
    const [visible, hidden] = await createVehicles(ctx, [
      { status: 'available', ownerId: owner.id },
      { status: 'pending', ownerId: owner.id },
    ]);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${visible}`, headers: other.auth })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${hidden}`, headers: other.auth })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${visible}` })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${hidden}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const [audit] = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, hidden!));
    expect(audit).toMatchObject({ action: 'vehicle.delete', actorId: admin.id, after: null });
    expect(audit!.before).toMatchObject({ status: 'pending', ownerId: owner.id });
  });
});

describe('GET /api/vehicles/mine and /similar', () => {
  it("lists the caller's listings in every status, newest first", async () => {
    const me = await createUser(ctx);
    const t = Date.now();
    await createVehicles(ctx, [
      { ownerId: me.id, status: 'pending', title: 'Old', createdAt: new Date(t - 3000) },
      { ownerId: me.id, status: 'sold', title: 'Mid', createdAt: new Date(t - 2000) },
      { ownerId: me.id, status: 'draft', title: 'New', createdAt: new Date(t - 1000) },
      { ownerId: other.id, status: 'available', title: 'Not mine' },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/mine?limit=2', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((v: { title: string }) => v.title)).toEqual(['New', 'Mid']);
    expect(res.json().meta).toEqual({ page: 1, limit: 2, itemCount: 3, pageCount: 2, hasPreviousPage: false, hasNextPage: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/vehicles/mine' })).statusCode).toBe(401);
  });

  it('suggests same-make listings first, then the nearest price, never itself or hidden ones', async () => {
    // Prices far from every other listing of this file, so only these rows compete.
    const [self] = await createVehicles(ctx, [{ make: 'Zephyr', price: 7_000_000, title: 'Self' }]);
    await createVehicles(ctx, [
      { make: 'zephyr', price: 9_000_000, title: 'Same make far' },
      { make: 'Other', price: 7_000_500, title: 'Near price' },
      { make: 'Other', price: 6_999_000, title: 'Second near' },
      { make: 'Other', price: 8_000_000, title: 'Far' },
      { make: 'Zephyr', price: 7_000_100, title: 'Hidden', status: 'pending' },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${self}/similar` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((v: { title: string }) => v.title)).toEqual(['Same make far', 'Near price', 'Second near']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/vehicles/nope/similar' })).statusCode).toBe(404);
  });

  it('fills the answer with the same make on both sides of the price before any nearer car of another make', async () => {
    const [self] = await createVehicles(ctx, [{ make: 'Quokka', price: 3_000_000, title: 'Q self' }]);
    await createVehicles(ctx, [
      { make: 'Quokka', price: 3_200_000, title: 'Q above near' },
      { make: 'QUOKKA', price: 3_900_000, title: 'Q above far' },
      { make: 'quokka', price: 2_700_000, title: 'Q below near' },
      { make: 'Quokka', price: 1_000_000, title: 'Q below far' },
      { make: 'Wombat', price: 3_000_001, title: 'Other nearest' },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${self}/similar` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((v: { title: string }) => v.title)).toEqual(['Q above near', 'Q below near', 'Q above far']);
  });

  it("matches a make with a quote in its name, brings each suggestion's photos, and hides a hidden car's", async () => {
    const [self, hidden] = await createVehicles(ctx, [
      { make: "D'Arcy", price: 5_000_000, title: 'Quoted self' },
      { make: "D'Arcy", price: 5_000_200, title: 'Quoted hidden', status: 'pending' },
    ]);
    const [sibling] = await createVehicles(ctx, [{ make: "d'arcy", price: 5_900_000, title: 'Quoted sibling' }]);
    await ctx.database.db.insert(vehicleImages).values({ vehicleId: sibling!, position: 0, key: `quoted-${sibling}`, width: 800, height: 600 });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${self}/similar` });
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data;
    expect(first).toMatchObject({ title: 'Quoted sibling', make: "d'arcy" });
    expect(first.images).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${hidden}/similar` })).statusCode).toBe(404);
  });

  it("answers for a hidden car to its seller and staff alone, and for a suspended seller's car to no visitor", async () => {
    const [pending] = await createVehicles(ctx, [{ make: 'Numbat', price: 4_000_000, title: 'Numbat pending', status: 'pending', ownerId: owner.id }]);
    await createVehicles(ctx, [{ make: 'numbat', price: 4_400_000, title: 'Numbat sibling' }]);
    const similar = (id: string, headers = {}) => ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}/similar`, headers });
    for (const headers of [owner.auth, admin.auth]) {
      const res = await similar(pending!, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0]).toMatchObject({ title: 'Numbat sibling' });
    }
    expect((await similar(pending!)).statusCode).toBe(404);
    expect((await similar(pending!, other.auth)).statusCode).toBe(404);
    expect((await similar('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const suspended = await createUser(ctx, { status: 'suspended' });
    const [onSale] = await createVehicles(ctx, [{ make: 'Numbat', price: 4_100_000, title: 'Numbat of a suspended seller', ownerId: suspended.id }]);
    expect((await similar(onSale!)).statusCode).toBe(404);
    expect((await similar(onSale!, admin.auth)).statusCode).toBe(200);
  });
});
