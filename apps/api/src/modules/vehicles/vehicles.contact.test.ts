import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { type TestUser } from '../../test/factories';
import { approveVehicle, createVehicleViaApi, patchVehicle } from '../../test/requests';

let withContact: string;
let withoutContact: string;

const ctx = useTestApp();
const { admin, seller, other } = useTestUsers(ctx, {
  admin: { role: 'ADMIN' },
  seller: { name: 'Sally Seller', email: 'sally.private@example.com' },
  other: {},
});
beforeAll(async () => {
  withContact = (
    await createVehicleViaApi(ctx, seller, { contactPhone: '+1 512 555 0101', contactEmail: 'cars@sally.example.com' })
  )._id;
  withoutContact = (await createVehicleViaApi(ctx, seller))._id;
  for (const id of [withContact, withoutContact]) await approveVehicle(ctx, admin, id);
}, 120_000);

type Listing = { _id: string; contactPhone: string | null; contactEmail: string | null; owner: Record<string, unknown> };
const get = async (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });
const listed = async (id: string, user?: TestUser): Promise<Listing> =>
  ((await get('/api/vehicles?limit=100', user)).json().data as Listing[]).find((v) => v._id === id)!;

describe(`seller's personal data on public responses (${TEST_DB_KIND})`, () => {
  it("shows the listing's own contact details, not the account's, and never the account id", async () => {
    for (const viewer of [undefined, other]) {
      for (const v of [
        (await get(`/api/vehicles/${withContact}`, viewer)).json().data as Listing,
        await listed(withContact, viewer),
      ]) {
        expect(v).toMatchObject({ contactPhone: '+1 512 555 0101', contactEmail: 'cars@sally.example.com' });
        expect(v.owner).toMatchObject({ name: 'Sally Seller', phone: null, email: null });
        expect(v.owner).not.toHaveProperty('_id');
        expect(JSON.stringify(v)).not.toContain('sally.private@example.com');
        expect(JSON.stringify(v)).not.toContain(seller.id);
      }
    }
  });

  it("falls back to the account's details where the listing has none, still without the id", async () => {
    const v = (await get(`/api/vehicles/${withoutContact}`)).json().data as Listing;
    expect(v).toMatchObject({ contactPhone: null, contactEmail: null });
    expect(v.owner).toMatchObject({ phone: '+1 555 0100 200', email: 'sally.private@example.com' });
    expect(v.owner).not.toHaveProperty('_id');
  });

  it('leaves no account id in similar listings', async () => {
    const similar = await get(`/api/vehicles/${withoutContact}/similar`);
    expect(similar.body).not.toContain(seller.id);
  });

  it('the seller and the dealership still see the account as it is', async () => {
    for (const viewer of [seller, admin]) {
      const v = (await get(`/api/vehicles/${withContact}`, viewer)).json().data as Listing;
      expect(v.owner).toMatchObject({ _id: seller.id, email: 'sally.private@example.com', phone: '+1 555 0100 200' });
    }
    const mine = (await get('/api/vehicles/mine', seller)).json().data as Listing[];
    expect(mine.every((v) => v.owner._id === seller.id)).toBe(true);
  });

  it('documents the change in the OpenAPI description', async () => {
    const doc = (await get('/api/docs/json')).body;
    expect(doc).toContain('never to anyone else');
  });
});

describe(`clearing optional fields on edit (${TEST_DB_KIND})`, () => {
  it('clears each optional field sent empty and keeps fields not sent', async () => {
    const created = await createVehicleViaApi(ctx, seller, {
      description: 'A well kept family car.',
      mileage: '42000',
      exteriorColor: 'Blue',
      interiorColor: 'Black',
      location: 'Austin, TX',
      contactPhone: '+1 512 555 0101',
      contactEmail: 'cars@sally.example.com',
      transmission: 'Automatic',
      fuelType: 'Petrol',
      condition: 'Good',
    });
    const cleared = {
      description: '',
      mileage: '',
      exteriorColor: '',
      interiorColor: ' ',
      location: '',
      contactPhone: '',
      contactEmail: '',
      transmission: '',
      fuelType: '',
      condition: '',
    };
    const res = await patchVehicle(ctx, seller, created._id, cleared);
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    for (const field of Object.keys(cleared)) expect(v[field], field).toBeNull();
    expect(v).toMatchObject({ title: created.title, price: created.price, make: created.make });
    const again = (await get(`/api/vehicles/${created._id}`, seller)).json().data;
    expect(again.description).toBeNull();
  });

  it('refuses a blank required field or a bad value with a message, and changes nothing', async () => {
    const created = await createVehicleViaApi(ctx, seller, { description: 'A well kept family car.', mileage: '1000' });
    for (const [fields, field, message] of [
      [{ title: '' }, 'title', 'Title is required'],
      [{ price: ' ' }, 'price', 'Price is required'],
      [{ mileage: 'lots' }, 'mileage', 'Mileage must be a number'],
      [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
    ] as const) {
      const res = await patchVehicle(ctx, seller, created._id, fields);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    const v = (await get(`/api/vehicles/${created._id}`, seller)).json().data;
    expect(v).toMatchObject({ title: created.title, mileage: 1000, description: 'A well kept family car.' });
  });

  it('another user cannot clear fields of a listing (403), anonymous 401', async () => {
    expect((await patchVehicle(ctx, other, withContact, { description: '' })).statusCode).toBe(403);
    expect((await patchVehicle(ctx, null, withContact, { description: '' })).statusCode).toBe(401);
  });
});
