import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, leadEvents, leads, tradeIns } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { useTestApp } from '../../test/harness';
import { createUser, createVehicle, type TestUser } from '../../test/factories';
import { tradeInLapsesJob } from './trade-ins.lapses';
import { tradeInCar } from './trade-ins.test-data';

const car = { ...tradeInCar, registration: 'LP-24 XYZ' };

// Wednesday 10 June 2026, 10:30 in New York; the test moves the clock past each offer's expiry.
let nowMs = Date.parse('2026-06-10T14:30:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
const MINUTE = 60_000;

const ctx = useTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York' } });
let sales: TestUser;

beforeAll(async () => {
  sales = await createUser(ctx, { role: 'SALES', email: 'sales.lapse@example.com' });
});

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
const submit = async (user: TestUser, fields: object = car) =>
  (await call(user, 'POST', '/api/trade-ins', fields)).json().data._id as string;
const offerFor = (id: string, minutes: number) =>
  call(sales, 'POST', `/api/admin/trade-ins/${id}/offer`, {
    amountCents: 900_000,
    expiresAt: new Date(nowMs + minutes * MINUTE).toISOString(),
  });
const lapseMails = async (to: string) =>
  ctx.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, to), eq(emailMessages.kind, 'trade-in-offer-lapsed')));
const salesNotices = async () =>
  (
    await ctx.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toAddress, sales.email), eq(emailMessages.kind, 'trade-in-notice')))
  ).filter((m) => (m.payload as { event?: string }).event === 'lapsed');
const noticeLapsed = () => ctx.app.services.tradeIns.noticeLapsedOffers();

describe('offers that lapse unanswered', () => {
  it('are told once to the customer, the sales team and the lead history; a new offer can lapse and be told again', async () => {
    const customer = await createUser(ctx, { name: 'Larry Lapse', email: 'larry.lapse@example.com' });
    const forSale = await createVehicle(ctx, { status: 'available' });
    expect(
      (
        await call(customer, 'POST', `/api/vehicles/${forSale.id}/leads`, {
          source: 'question',
          name: 'Larry Lapse',
          email: customer.email,
          message: 'Would you take my Focus in part exchange?',
        })
      ).statusCode,
    ).toBe(201);
    const id = await submit(customer, { ...car, vehicleId: forSale.id });
    expect((await offerFor(id, 1)).statusCode).toBe(200);
    const noticesBefore = (await salesNotices()).length;

    expect(await noticeLapsed()).toBe(0);
    nowMs += 2 * MINUTE;
    expect(await noticeLapsed()).toBe(1);
    const [mail] = await lapseMails(customer.email);
    expect(mail!.subject).toBe('Our offer for your 2018 Ford Focus has expired');
    expect(JSON.stringify(mail!.payload)).toContain('June 10, 2026, 10:31 AM');
    expect((await salesNotices()).length).toBe(noticesBefore + 1);
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.vehicleId, forSale.id));
    const history = await ctx.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(history.map((e) => e.text)).toContain(
      "The trade-in offer for the customer's 2018 Ford Focus lapsed unanswered (valid until June 10, 2026, 10:31 AM).",
    );

    // Told once: the next runs find nothing, and the customer still reads it as Expired.
    expect(await noticeLapsed()).toBe(0);
    expect(await lapseMails(customer.email)).toHaveLength(1);
    expect((await call(customer, 'GET', `/api/trade-ins/${id}`)).json().data.status).toBe('Expired');

    // A new offer starts over: it lapses, and is told again.
    expect((await offerFor(id, 1)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(tradeIns).where(eq(tradeIns.id, id));
    expect(row!.offerLapseNoticedAt).toBeNull();
    nowMs += 2 * MINUTE;
    expect(await noticeLapsed()).toBe(1);
    expect(await lapseMails(customer.email)).toHaveLength(2);
  });

  it('tells nothing of a live offer, an answered one or a trade-in without an offer', async () => {
    const customer = await createUser(ctx, { email: 'quiet.trader@example.com' });
    const live = await submit(customer);
    const accepted = await submit(customer);
    await submit(customer);
    await offerFor(live, 60);
    await offerFor(accepted, 1);
    expect((await call(customer, 'POST', `/api/trade-ins/${accepted}/accept`)).statusCode).toBe(200);
    nowMs += 2 * MINUTE;
    expect(await noticeLapsed()).toBe(0);
    expect(await lapseMails(customer.email)).toHaveLength(0);
  });

  it("is told by one of several runs at once (each offer is claimed once), through the queue's job", async () => {
    const customer = await createUser(ctx, { email: 'racing.trader@example.com' });
    const ids = [await submit(customer), await submit(customer), await submit(customer)];
    for (const id of ids) await offerFor(id, 1);
    nowMs += 2 * MINUTE;
    const job = tradeInLapsesJob({ tradeIns: ctx.app.services.tradeIns });
    const told = await Promise.all([noticeLapsed(), noticeLapsed(), job({}, {} as never).then(() => 0)]);
    expect(told[0] + told[1]).toBeLessThanOrEqual(3);
    expect(await lapseMails(customer.email)).toHaveLength(3);
  });
});
