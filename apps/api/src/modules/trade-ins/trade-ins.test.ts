import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRADE_IN_CONDITIONS, TRADE_IN_MESSAGES, VIN_MESSAGES } from '@dealer/shared';
import { auditEntries, emailMessages, leadEvents, leads, tradeIns } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { useTestApp } from '../../test/harness';
import { createAdmin, createUser, createVehicle, type TestUser } from '../../test/factories';
import { jpegImage, pngImage } from '../../test/images';
import { multipart } from '../../test/multipart';
import { expectSignedPhotoLoads } from '../../test/requests';
import { tradeInCar as car } from './trade-ins.test-data';

// A clock the test moves: Wednesday 10 June 2026, 10:30 in New York, to begin with.
let nowMs = Date.parse('2026-06-10T14:30:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
const HOUR = 3_600_000;
const M = TRADE_IN_MESSAGES;

const ctx = useTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York' } });
let admin: TestUser;
let sales: TestUser;
let advisor: TestUser;
let technician: TestUser;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  admin = await createAdmin(ctx);
  sales = await createUser(ctx, { role: 'SALES', email: 'sales.trade@example.com' });
  advisor = await createUser(ctx, { role: 'SERVICE_ADVISOR' });
  technician = await createUser(ctx, { role: 'TECHNICIAN' });
  customer = await createUser(ctx, { name: 'Tina Trader', email: 'tina.trader@example.com' });
  other = await createUser(ctx);
});

type Fields = Record<string, string>;

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });
async function submit(user: TestUser | null, fields: Fields = car, photos: Buffer[] = []) {
  const body = multipart(fields, photos.map((data) => ({ data, filename: 'car.png', contentType: 'image/png' })));
  return ctx.app.inject({ method: 'POST', url: '/api/trade-ins', headers: { ...user?.auth, ...body.headers }, payload: body.payload });
}
const offer = (user: TestUser | null, id: string, payload: object) => call(user, 'POST', `/api/admin/trade-ins/${id}/offer`, payload);
const liveOffer = () => ({ amountCents: 1_250_050, expiresAt: new Date(nowMs + 48 * HOUR).toISOString(), note: 'Subject to inspection' });
const mailsTo = async (address: string) => (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, address))).map((m) => m.kind);

describe('POST api/trade-ins', () => {
  it('takes a car with photos from a signed-in customer, e-mails the sales team and shows it in their list only', async () => {
    const res = await submit(customer, { ...car, notes: 'Small dent on the rear door' }, [await pngImage(), await jpegImage()]);
    expect(res.statusCode).toBe(201);
    const tradeIn = res.json().data;
    expect(tradeIn).toMatchObject({
      status: 'Submitted',
      registration: 'AB12CDE',
      vin: null,
      make: 'Ford',
      model: 'Focus',
      year: 2018,
      mileage: 45_000,
      condition: { accidentHistory: 'none', serviceHistory: 'full', keys: 'two', warningLights: 'no', tyres: 'good', bodywork: 'fair' },
      notes: 'Small dent on the rear door',
      vehicle: null,
      offer: null,
    });
    expect(tradeIn.photos).toHaveLength(2);
    expect(tradeIn.photos[0].url).toContain(`/trade-ins/${tradeIn._id}/`);
    await expectSignedPhotoLoads(ctx, tradeIn.photos[0].url);
    expect(tradeIn).not.toHaveProperty('customer');
    expect(await mailsTo('sales.trade@example.com')).toContain('trade-in-notice');
    const mine = await call(customer, 'GET', '/api/trade-ins');
    expect(mine.json().data.map((t: { _id: string }) => t._id)).toContain(tradeIn._id);
    expect((await call(other, 'GET', '/api/trade-ins')).json().data).toEqual([]);
    expect((await call(customer, 'GET', `/api/trade-ins/${tradeIn._id}`)).statusCode).toBe(200);
    expect((await call(other, 'GET', `/api/trade-ins/${tradeIn._id}`)).statusCode).toBe(404);
  });

  it('takes a VIN by ISO 3779, and JSON without photos', async () => {
    const { registration: _r, ...byVin } = car;
    const res = await call(customer, 'POST', '/api/trade-ins', { ...byVin, vin: ' 1m8gdm9axkp042788 ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ vin: '1M8GDM9AXKP042788', registration: null, photos: [] });
  });

  it('refuses bad input with a message per field, and keeps nothing', async () => {
    const before = (await ctx.database.db.select().from(tradeIns)).length;
    const none = await call(customer, 'POST', '/api/trade-ins', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toMatchObject({
      vin: M.identify,
      make: M.make,
      model: M.model,
      year: 'Year must be a valid year',
      mileage: M.mileage,
      accidentHistory: M.condition(TRADE_IN_CONDITIONS.accidentHistory.label),
      serviceHistory: M.condition(TRADE_IN_CONDITIONS.serviceHistory.label),
      keys: M.condition(TRADE_IN_CONDITIONS.keys.label),
      warningLights: M.condition(TRADE_IN_CONDITIONS.warningLights.label),
      tyres: M.condition(TRADE_IN_CONDITIONS.tyres.label),
      bodywork: M.condition(TRADE_IN_CONDITIONS.bodywork.label),
    });
    const cases: [Fields, string, string][] = [
      [{ ...car, vin: '1M8GDM9AXKP042789' }, 'vin', VIN_MESSAGES.checkDigit],
      [{ ...car, registration: 'A' }, 'registration', M.registration],
      [{ ...car, registration: 'AB!12' }, 'registration', M.registration],
      [{ ...car, year: '1850' }, 'year', 'Year must be a valid year'],
      [{ ...car, year: '2027' }, 'year', 'Year must be a valid year'],
      [{ ...car, mileage: '-1' }, 'mileage', M.mileageRange],
      [{ ...car, mileage: '12.5' }, 'mileage', M.mileageWhole],
      [{ ...car, mileage: '20000000' }, 'mileage', M.mileageTooHigh],
      [{ ...car, keys: 'three' }, 'keys', M.condition(TRADE_IN_CONDITIONS.keys.label)],
      [{ ...car, notes: 'x'.repeat(2001) }, 'notes', M.notesTooLong],
      [{ ...car, vehicleId: 'not-a-car' }, 'vehicleId', M.vehicleNotFound],
    ];
    for (const [fields, field, message] of cases) {
      const res = await submit(customer, fields);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toBe(message);
    }
    const photos = await Promise.all(Array.from({ length: 11 }, () => pngImage(8, 8)));
    const tooMany = await submit(customer, car, photos);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.images).toBe(M.tooManyPhotos);
    const notImage = await submit(customer, car, [Buffer.from('not an image at all')]);
    expect(notImage.statusCode).toBe(415);
    expect((await ctx.database.db.select().from(tradeIns)).length).toBe(before);
  });

  it('needs a signed-in customer and a car on sale', async () => {
    expect((await submit(null)).statusCode).toBe(401);
    const pending = await createVehicle(ctx, { status: 'pending' });
    const res = await submit(other, { ...car, vehicleId: pending.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.vehicleNotFound);
  });

  it('takes at most 5 a day from one customer', async () => {
    const busy = await createUser(ctx);
    for (let i = 0; i < 5; i += 1) expect((await call(busy, 'POST', '/api/trade-ins', car)).statusCode).toBe(201);
    const sixth = await call(busy, 'POST', '/api/trade-ins', car);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(M.tooMany);
  });
});

describe('a trade-in sent from a car page joins the customer\'s open lead', () => {
  it('links the car and the lead, and shows in the lead history with the offer', async () => {
    const forSale = await createVehicle(ctx, { status: 'available', make: 'Mazda', model: 'CX-5', year: 2023 });
    const enquiry = await call(customer, 'POST', `/api/vehicles/${forSale.id}/leads`, { source: 'question', name: 'Tina Trader', email: 'Tina.Trader@example.com', message: 'Would you take my Focus?' });
    expect(enquiry.statusCode).toBe(201);
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.vehicleId, forSale.id));
    const res = await submit(customer, { ...car, vehicleId: forSale.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.vehicle).toEqual({ _id: forSale.id, title: expect.any(String) });
    const id = res.json().data._id;
    const staffView = await call(sales, 'GET', `/api/admin/trade-ins/${id}`);
    expect(staffView.json().data).toMatchObject({ leadId: lead!.id, customer: { name: 'Tina Trader', email: customer.email } });
    expect((await offer(sales, id, liveOffer())).statusCode).toBe(200);
    const history = await ctx.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(history.filter((e) => e.kind === 'trade-in').map((e) => e.offerCents)).toEqual([null, 1_250_050]);
    const detail = await call(sales, 'GET', `/api/admin/leads/${lead!.id}`);
    expect(detail.json().data.events.map((e: { kind: string }) => e.kind)).toContain('trade-in');
  });

  it('has no lead when the customer has none', async () => {
    const res = await submit(other);
    expect((await call(sales, 'GET', `/api/admin/trade-ins/${res.json().data._id}`)).json().data.leadId).toBeNull();
  });
});

describe('offers', () => {
  it('sales offer an amount until a time; the customer is e-mailed, sees it and accepts it; the audit trail keeps it', async () => {
    const customer = await createUser(ctx);
    const id = (await submit(customer)).json().data._id;
    const res = await offer(sales, id, liveOffer());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'Offer made',
      offer: { amountCents: 1_250_050, expiresAt: '2026-06-12T14:30:00.000Z', expiresAtText: 'June 12, 2026, 10:30 AM', note: 'Subject to inspection' },
      offeredBy: { _id: sales.id },
    });
    expect(await mailsTo(customer.email)).toContain('trade-in-offer');
    const [audit] = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, id));
    expect(audit).toMatchObject({ action: 'trade-in.offer', entityType: 'trade_in', actorId: sales.id });
    const seen = await call(customer, 'GET', `/api/trade-ins/${id}`);
    expect(seen.json().data).toMatchObject({ status: 'Offer made', offer: { amountCents: 1_250_050 } });
    expect((await call(other, 'POST', `/api/trade-ins/${id}/accept`)).statusCode).toBe(404);
    const accepted = await call(customer, 'POST', `/api/trade-ins/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.status).toBe('Accepted');
    const again = await call(customer, 'POST', `/api/trade-ins/${id}/decline`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.answered);
    const late = await offer(sales, id, liveOffer());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.notOfferable);
    expect(await mailsTo('sales.trade@example.com')).toContain('trade-in-notice');
  });

  it('the customer may decline; without an offer there is nothing to answer', async () => {
    const customer = await createUser(ctx);
    const id = (await submit(customer)).json().data._id;
    const early = await call(customer, 'POST', `/api/trade-ins/${id}/accept`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.noOffer);
    await offer(admin, id, liveOffer());
    const declined = await call(customer, 'POST', `/api/trade-ins/${id}/decline`);
    expect(declined.json().data.status).toBe('Declined');
  });

  it('an offer past its expiry reads Expired, says when, and cannot be accepted; a new offer revives it', async () => {
    const customer = await createUser(ctx);
    const id = (await submit(customer)).json().data._id;
    await offer(sales, id, { amountCents: 900_000, expiresAt: new Date(nowMs + 60_000).toISOString() });
    // Two minutes on: the offer has expired, the session (15 minutes) has not.
    nowMs += 2 * 60_000;
    const seen = await call(customer, 'GET', `/api/trade-ins/${id}`);
    expect(seen.json().data).toMatchObject({ status: 'Expired', offer: { expiresAtText: 'June 10, 2026, 10:31 AM' } });
    const accept = await call(customer, 'POST', `/api/trade-ins/${id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(M.expired('June 10, 2026, 10:31 AM'));
    const expiredList = await call(sales, 'GET', '/api/admin/trade-ins?status=Expired');
    expect(expiredList.json().data.map((t: { _id: string }) => t._id)).toContain(id);
    const liveList = await call(sales, 'GET', '/api/admin/trade-ins?status=Offer%20made');
    expect(liveList.json().data.map((t: { _id: string }) => t._id)).not.toContain(id);
    expect((await offer(sales, id, liveOffer())).json().data.status).toBe('Offer made');
    expect((await call(customer, 'POST', `/api/trade-ins/${id}/accept`)).statusCode).toBe(200);
  });

  it('refuses a bad offer with its message, and changes nothing', async () => {
    const customer = await createUser(ctx);
    const id = (await submit(customer)).json().data._id;
    const cases: [object, string, string][] = [
      [{ ...liveOffer(), amountCents: 12.5 }, 'amountCents', M.amount],
      [{ ...liveOffer(), amountCents: 0 }, 'amountCents', M.amountRange],
      [{ ...liveOffer(), amountCents: 1_000_000_001 }, 'amountCents', M.amountRange],
      [{ ...liveOffer(), expiresAt: 'tomorrow' }, 'expiresAt', M.expiresAt],
      [{ ...liveOffer(), expiresAt: new Date(nowMs - 60_000).toISOString() }, 'expiresAt', M.expiryPast],
      [{ ...liveOffer(), note: 'x'.repeat(1001) }, 'note', M.offerNoteTooLong],
    ];
    for (const [payload, field, message] of cases) {
      const res = await offer(sales, id, payload);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toBe(message);
    }
    expect((await call(customer, 'GET', `/api/trade-ins/${id}`)).json().data.status).toBe('Submitted');
    expect((await offer(sales, '00000000-0000-4000-8000-000000000000', liveOffer())).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('admits ADMIN and SALES to the staff routes only, and customers to their own', async () => {
    const customer = await createUser(ctx);
    const id = (await submit(customer)).json().data._id;
    for (const user of [admin, sales]) {
      expect((await call(user, 'GET', '/api/admin/trade-ins')).statusCode).toBe(200);
      expect((await call(user, 'GET', `/api/admin/trade-ins/${id}`)).statusCode).toBe(200);
    }
    for (const user of [advisor, technician, customer, other]) {
      expect((await call(user, 'GET', '/api/admin/trade-ins')).statusCode).toBe(403);
      expect((await offer(user, id, liveOffer())).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/admin/trade-ins')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/trade-ins')).statusCode).toBe(401);
    const bad = await call(sales, 'GET', '/api/admin/trade-ins?status=Lost');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBe(M.status);
  });
});
