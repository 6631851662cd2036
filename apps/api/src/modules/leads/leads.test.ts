import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LEAD_CONFIRMATIONS, LEAD_MESSAGES } from '@dealer/shared';
import { emailMessages, leadEvents, leads, vehicleContactClicks, vehicles } from '../../db/schema';
import { TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { createVehicle, type TestUser } from '../../test/factories';
import { SOLD_ELSEWHERE_REASON } from './leads.sale';

const ctx = useTestApp();
const { admin, salesA, salesB, customer, advisor } = useTestUsers(ctx, {
  admin: { role: 'ADMIN', email: 'boss@example.com' },
  salesA: { role: 'SALES', name: 'Sam Sales', email: 'sam.sales@example.com' },
  salesB: { role: 'SALES', name: 'Sue Sales', email: 'sue.sales@example.com' },
  customer: { name: 'Cora Customer', email: 'cora@example.com' },
  advisor: { role: 'SERVICE_ADVISOR' },
});

let ipCounter = 0;
/** A fresh client address per call unless told, so the per-address limit is tested on its own. */
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;
const question = (overrides: Record<string, unknown> = {}) => ({
  source: 'question',
  name: 'Vera Visitor',
  email: `vera.${Math.random().toString(36).slice(2)}@example.com`,
  phone: '+1 555 010 1234',
  message: 'Is the timing belt done?',
  ...overrides,
});
const enquire = (vehicleId: string, payload: Record<string, unknown>, opts: { ip?: string; user?: TestUser } = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/vehicles/${vehicleId}/leads`, payload, remoteAddress: opts.ip ?? freshIp(), headers: opts.user?.auth ?? {} });
const staff = (method: 'GET' | 'PATCH' | 'POST', url: string, user: TestUser | null, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: user ? user.auth : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const leadsOf = (vehicleId: string) => ctx.database.db.select().from(leads).where(eq(leads.vehicleId, vehicleId));
const mailTo = (to: string, kind?: string) =>
  ctx.database.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, to), kind ? eq(emailMessages.kind, kind) : undefined));

async function carOnSale(values: Record<string, unknown> = {}) {
  return (await createVehicle(ctx, { title: '2021 Honda Civic', make: 'Honda', model: 'Civic', year: 2021, ...values })).id;
}

describe(`POST /api/vehicles/:id/leads (${TEST_DB_KIND})`, () => {
  it('takes a question logged out: confirmation, a lead, a confirmation e-mail and a notice to each sales user', async () => {
    const car = await carOnSale();
    const body = question({ email: 'Vera.Q@Example.com' });
    const res = await enquire(car, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ source: 'question', message: LEAD_CONFIRMATIONS.question });
    // Nothing typed comes back.
    expect(res.body).not.toContain('timing belt');
    const [lead] = await leadsOf(car);
    expect(lead).toMatchObject({ status: 'New', source: 'question', customerEmail: 'vera.q@example.com', userId: null, enquiries: 1 });
    expect(lead!.respondBy.getTime()).toBeGreaterThan(lead!.createdAt.getTime());
    expect(await mailTo('vera.q@example.com', 'lead-received')).toHaveLength(1);
    expect(await mailTo(salesA.email, 'lead-notice')).toHaveLength(1);
    expect(await mailTo(salesB.email, 'lead-notice')).toHaveLength(1);
    expect(await mailTo(admin.email, 'lead-notice')).toHaveLength(0);
  });

  it('takes a test drive and an offer in whole dollars kept in cents; links a signed-in customer', async () => {
    const car = await carOnSale();
    expect((await enquire(car, question({ source: 'test-drive', message: '' }))).statusCode).toBe(201);
    const offer = await enquire(car, { source: 'offer', name: 'Cora Customer', email: customer.email, offerDollars: '14,500', message: '' }, { user: customer });
    expect(offer.statusCode).toBe(201);
    expect(offer.json().data.message).toBe(LEAD_CONFIRMATIONS.offer);
    const rows = await leadsOf(car);
    const mine = rows.find((r) => r.emailKey === customer.email.toLowerCase())!;
    expect(mine).toMatchObject({ source: 'offer', offerCents: 1_450_000, userId: customer.id });
    expect(rows.find((r) => r.source === 'test-drive')).toBeDefined();
  });

  it('refuses bad input with each message and keeps nothing', async () => {
    const car = await carOnSale();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'V' }, 'name', LEAD_MESSAGES.name],
      [{ name: 'x'.repeat(101) }, 'name', LEAD_MESSAGES.nameTooLong],
      [{ email: 'not-an-address' }, 'email', LEAD_MESSAGES.email],
      [{ phone: 'call me' }, 'phone', LEAD_MESSAGES.phone],
      [{ message: '  ' }, 'message', LEAD_MESSAGES.message],
      [{ message: 'x'.repeat(2001) }, 'message', LEAD_MESSAGES.messageTooLong],
      [{ source: 'trade-in' }, 'source', LEAD_MESSAGES.source],
      [{ source: 'offer', offerDollars: '' }, 'offerDollars', LEAD_MESSAGES.offer],
      [{ source: 'offer', offerDollars: '12.50' }, 'offerDollars', LEAD_MESSAGES.offer],
      [{ source: 'offer', offerDollars: 0 }, 'offerDollars', LEAD_MESSAGES.offerRange],
      [{ source: 'offer', offerDollars: 10_000_001 }, 'offerDollars', LEAD_MESSAGES.offerRange],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await enquire(car, question(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await leadsOf(car)).toHaveLength(0);
  });

  it('answers 404 for an unknown or hidden car and 409 for a sold one', async () => {
    expect((await enquire('00000000-0000-4000-8000-000000000000', question())).statusCode).toBe(404);
    expect((await enquire('nope', question())).statusCode).toBe(404);
    const pending = await carOnSale({ status: 'pending' });
    expect((await enquire(pending, question())).statusCode).toBe(404);
    const sold = await carOnSale({ status: 'sold' });
    const res = await enquire(sold, question());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LEAD_MESSAGES.notOnSale);
  });

  it('thanks a robot that fills the hidden field and keeps and sends nothing', async () => {
    const car = await carOnSale();
    const res = await enquire(car, question({ email: 'robot@example.com', website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.message).toBe(LEAD_CONFIRMATIONS.question);
    expect(await leadsOf(car)).toHaveLength(0);
    expect(await mailTo('robot@example.com')).toHaveLength(0);
  });

  it('joins repeated enquiries from one e-mail (any case) about one car into its open lead', async () => {
    const car = await carOnSale();
    await enquire(car, question({ email: 'repeat@example.com' }));
    const again = await enquire(car, question({ source: 'offer', email: 'REPEAT@example.com', offerDollars: 9000, message: 'My best offer' }));
    expect(again.statusCode).toBe(201);
    const rows = await leadsOf(car);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ enquiries: 2, offerCents: 900_000, source: 'question' });
    const events = await ctx.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, rows[0]!.id));
    expect(events.map((e) => e.source).sort()).toEqual(['offer', 'question']);
    // Another car is another lead.
    const other = await carOnSale();
    await enquire(other, question({ email: 'repeat@example.com' }));
    expect(await leadsOf(other)).toHaveLength(1);
  });

  it('makes one lead of two enquiries arriving at once', async () => {
    const car = await carOnSale();
    const results = await Promise.all(Array.from({ length: 4 }, () => enquire(car, question({ email: 'race@example.com' }))));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const rows = await leadsOf(car);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.enquiries).toBe(4);
  });

  it('the database refuses a second open lead of one customer on one car', async () => {
    const car = await carOnSale();
    const values = { vehicleId: car, source: 'question' as const, customerName: 'X', customerEmail: 'dup@example.com', emailKey: 'dup@example.com', respondBy: new Date() };
    await ctx.database.db.insert(leads).values(values);
    await expect(ctx.database.db.insert(leads).values(values)).rejects.toThrow();
    // A closed lead does not count.
    await ctx.database.db.insert(leads).values({ ...values, status: 'Lost', lostReason: 'Bought elsewhere' });
  });

  it('limits enquiries per client address (an hour) and per e-mail address (a day)', async () => {
    const car = await carOnSale();
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i++) expect((await enquire(car, question(), { ip })).statusCode).toBe(201);
    const refused = await enquire(car, question(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LEAD_MESSAGES.tooManyFromNetwork);
    expect(refused.headers['retry-after']).toBeDefined();
    // A robot's filled hidden field counts too.
    expect((await enquire(car, question({ website: 'x' }), { ip })).statusCode).toBe(429);

    for (let i = 0; i < 5; i++) expect((await enquire(car, question({ email: 'flood@example.com' }))).statusCode).toBe(201);
    const flooded = await enquire(car, question({ email: 'FLOOD@example.com' }));
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toBe(LEAD_MESSAGES.tooManyForAddress);
    expect(await mailTo('flood@example.com', 'lead-received')).toHaveLength(5);
  });
});

describe('the lead inbox', () => {
  let car: string;
  let leadId: string;
  let inbox: string;
  let n = 0;
  beforeEach(async () => {
    car = await carOnSale();
    inbox = `inbox${++n}@example.com`;
    await enquire(car, question({ email: inbox, name: 'Ian Inbox' }));
    leadId = (await leadsOf(car))[0]!.id;
  });

  it('admits SALES and ADMIN only', async () => {
    for (const [user, status] of [[null, 401], [customer, 403], [advisor, 403], [salesA, 200], [admin, 200]] as const) {
      const r = await staff('GET', '/admin/leads', user);
      expect(r.statusCode, `${user?.role ?? 'anonymous'} ${r.body}`).toBe(status);
      expect((await staff('GET', `/admin/leads/${leadId}`, user)).statusCode).toBe(status);
      expect((await staff('GET', '/admin/leads/owners', user)).statusCode).toBe(status);
      expect((await staff('GET', `/admin/vehicles/${car}/contact-clicks`, user)).statusCode).toBe(status);
    }
    for (const user of [null, customer, advisor]) {
      expect((await staff('PATCH', `/admin/leads/${leadId}`, user, { status: 'Contacted' })).statusCode).toBe(user ? 403 : 401);
      expect((await staff('POST', `/admin/leads/${leadId}/notes`, user, { text: 'x' })).statusCode).toBe(user ? 403 : 401);
      expect((await staff('POST', `/admin/leads/${leadId}/replies`, user, { message: 'x' })).statusCode).toBe(user ? 403 : 401);
      expect((await staff('POST', `/admin/leads/${leadId}/sale`, user)).statusCode).toBe(user ? 403 : 401);
    }
    expect((await leadsOf(car))[0]!.status).toBe('New');
  });

  it('lists each lead with its car, source, customer and clock, filtered and paged', async () => {
    const res = await staff('GET', `/admin/leads?vehicleId=${car}`, salesA);
    const [lead] = res.json().data;
    expect(lead).toMatchObject({ _id: leadId, vehicle: { _id: car, title: '2021 Honda Civic' }, source: 'question', status: 'New', owner: null, customer: { name: 'Ian Inbox', email: inbox }, overdue: false, firstResponseAt: null });
    expect(res.json().meta).toMatchObject({ page: 1, limit: 20 });
    expect((await staff('GET', '/admin/leads?status=Won', salesA)).json().data.some((l: { _id: string }) => l._id === leadId)).toBe(false);
    expect((await staff('GET', '/admin/leads?owner=none&limit=100', salesA)).json().data.some((l: { _id: string }) => l._id === leadId)).toBe(true);
    expect((await staff('GET', '/admin/leads?limit=1&page=2', salesA)).json().data).toHaveLength(1);
    // Past its due time and unanswered: overdue.
    await ctx.database.db.update(leads).set({ respondBy: new Date(Date.now() - 60_000) }).where(eq(leads.id, leadId));
    const overdue = (await staff('GET', '/admin/leads?overdue=true&limit=100', salesA)).json().data;
    expect(overdue.find((l: { _id: string }) => l._id === leadId)).toMatchObject({ overdue: true });
    expect((await staff('GET', '/admin/leads?overdue=false&limit=100', salesA)).json().data.some((l: { _id: string }) => l._id === leadId)).toBe(false);
  });

  it('refuses bad filters with their messages', async () => {
    for (const [query, message] of [
      ['status=Open', LEAD_MESSAGES.status],
      ['owner=someone', 'Owner must be a user id or none'],
      ['overdue=yes', 'Overdue must be true or false'],
      ['page=0', 'Page must be a whole number of 1 or more'],
      ['limit=500', 'Limit must be between 1 and 100'],
    ]) {
      const res = await staff('GET', `/admin/leads?${query}`, salesA);
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });

  it('moves a lead on, gives it an owner, and stops the first-response clock', async () => {
    const res = await staff('PATCH', `/admin/leads/${leadId}`, salesA, { status: 'Test drive booked', ownerId: salesB.id });
    expect(res.statusCode).toBe(200);
    const lead = res.json().data;
    expect(lead).toMatchObject({ status: 'Test drive booked', owner: { _id: salesB.id, name: 'Sue Sales' } });
    expect(lead.firstResponseAt).not.toBeNull();
    expect(lead.events.map((e: { kind: string }) => e.kind).sort()).toEqual(['enquiry', 'owner', 'status']);
    expect((await staff('GET', `/admin/leads?owner=${salesB.id}&limit=100`, salesA)).json().data.some((l: { _id: string }) => l._id === leadId)).toBe(true);
  });

  it('refuses Lost without a reason, Won by hand, a non-sales owner, a closed lead and an unknown one', async () => {
    const lost = await staff('PATCH', `/admin/leads/${leadId}`, salesA, { status: 'Lost' });
    expect(lost.statusCode).toBe(422);
    expect(lost.json().errors.lostReason).toBe(LEAD_MESSAGES.lostReason);
    const won = await staff('PATCH', `/admin/leads/${leadId}`, salesA, { status: 'Won' });
    expect(won.statusCode).toBe(422);
    expect(won.json().message).toBe(LEAD_MESSAGES.wonBySale);
    const owner = await staff('PATCH', `/admin/leads/${leadId}`, salesA, { ownerId: customer.id });
    expect(owner.statusCode).toBe(422);
    expect(owner.json().errors.ownerId).toBe(LEAD_MESSAGES.owner);
    expect((await staff('PATCH', `/admin/leads/${leadId}`, salesA, {})).json().errors.status).toBe(LEAD_MESSAGES.nothingToChange);
    expect((await staff('PATCH', `/admin/leads/${leadId}`, salesA, { status: 'Open' })).json().errors.status).toBe(LEAD_MESSAGES.status);
    const closed = await staff('PATCH', `/admin/leads/${leadId}`, salesA, { status: 'Lost', lostReason: 'Bought elsewhere' });
    expect(closed.json().data).toMatchObject({ status: 'Lost', lostReason: 'Bought elsewhere' });
    const again = await staff('PATCH', `/admin/leads/${leadId}`, salesA, { status: 'Contacted' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LEAD_MESSAGES.closed);
    expect((await staff('PATCH', '/admin/leads/00000000-0000-4000-8000-000000000000', salesA, { status: 'Contacted' })).statusCode).toBe(404);
    expect((await staff('GET', '/admin/leads/nope', salesA)).statusCode).toBe(404);
    // A new enquiry after the lead closed opens a new one.
    await enquire(car, question({ email: inbox }));
    expect(await leadsOf(car)).toHaveLength(2);
  });

  it('keeps notes, and e-mails a reply kept in the history (New becomes Contacted)', async () => {
    const note = await staff('POST', `/admin/leads/${leadId}/notes`, salesA, { text: 'Called, no answer' });
    expect(note.statusCode).toBe(201);
    expect((await staff('POST', `/admin/leads/${leadId}/notes`, salesA, { text: ' ' })).json().errors.text).toBe(LEAD_MESSAGES.note);
    const reply = await staff('POST', `/admin/leads/${leadId}/replies`, salesA, { message: 'Yes, the belt was changed at 60,000 miles.' });
    expect(reply.statusCode).toBe(201);
    const lead = reply.json().data;
    expect(lead.status).toBe('Contacted');
    expect(lead.firstResponseAt).not.toBeNull();
    const kinds = lead.events.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(['enquiry', 'note']);
    expect(kinds.slice(2).sort()).toEqual(['reply', 'status']);
    expect(lead.events.find((e: { kind: string }) => e.kind === 'reply')).toMatchObject({ text: 'Yes, the belt was changed at 60,000 miles.', actor: { name: 'Sam Sales' } });
    const [mail] = await mailTo(inbox, 'lead-reply');
    expect(mail!.subject).toBe('Re: your enquiry about the 2021 Honda Civic');
    expect((await staff('POST', `/admin/leads/${leadId}/replies`, salesA, { message: '' })).json().errors.message).toBe(LEAD_MESSAGES.reply);
  });

  it('a sale through the lead: Won, the car sold, every other open lead Lost and told', async () => {
    await enquire(car, question({ email: 'other1@example.com' }));
    await enquire(car, question({ email: 'other2@example.com' }));
    const res = await staff('POST', `/admin/leads/${leadId}/sale`, salesA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Won', vehicle: { status: 'sold' } });
    const [row] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, car));
    expect(row!.status).toBe('sold');
    const others = (await leadsOf(car)).filter((l) => l.id !== leadId);
    expect(others.map((l) => [l.status, l.lostReason])).toEqual([
      ['Lost', SOLD_ELSEWHERE_REASON],
      ['Lost', SOLD_ELSEWHERE_REASON],
    ]);
    expect(await mailTo('other1@example.com', 'lead-car-sold')).toHaveLength(1);
    expect(await mailTo('other2@example.com', 'lead-car-sold')).toHaveLength(1);
    expect(await mailTo(inbox, 'lead-car-sold')).toHaveLength(0);
    const again = await staff('POST', `/admin/leads/${leadId}/sale`, salesA);
    expect(again.statusCode).toBe(409);
  });

  it("an admin marking the car sold to a customer's account closes that customer's lead Won", async () => {
    await enquire(car, question({ email: customer.email.toUpperCase() }));
    const form = { status: 'sold', buyer: customer.email };
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/vehicles/${car}`, headers: { ...admin.auth, 'content-type': 'application/json' }, payload: form });
    expect(res.statusCode).toBe(200);
    const rows = await leadsOf(car);
    expect(rows.find((l) => l.emailKey === customer.email.toLowerCase())!.status).toBe('Won');
    expect(rows.find((l) => l.id === leadId)!.status).toBe('Lost');
    expect(await mailTo(inbox, 'lead-car-sold')).toHaveLength(1);
  });
});

describe('contact-button clicks', () => {
  const click = (vehicleId: string, channel: unknown, ip = '192.0.2.10') =>
    ctx.app.inject({ method: 'POST', url: `/api/vehicles/${vehicleId}/contact-clicks`, payload: { channel }, remoteAddress: ip });

  it('counts each click per car, day and button, shown to sales staff', async () => {
    const car = await carOnSale();
    for (const channel of ['phone', 'phone', 'whatsapp']) expect((await click(car, channel, freshIp())).statusCode).toBe(204);
    const rows = await ctx.database.db.select().from(vehicleContactClicks).where(eq(vehicleContactClicks.vehicleId, car));
    expect(rows).toHaveLength(2);
    const totals = (await staff('GET', `/admin/vehicles/${car}/contact-clicks`, salesA)).json().data;
    expect(totals).toEqual({ last30Days: { phone: 2, email: 0, whatsapp: 1 }, allTime: { phone: 2, email: 0, whatsapp: 1 } });
    // A car that does not exist has no figures to show: 404 with its message, not zeros.
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const unknown = await staff('GET', `/admin/vehicles/${id}/contact-clicks`, salesA);
      expect(unknown.statusCode, id).toBe(404);
      expect(unknown.json().message, id).toBe(LEAD_MESSAGES.vehicleNotFound);
    }
  });

  it('refuses an unknown button or car, and a flood from one address', async () => {
    const car = await carOnSale();
    const bad = await click(car, 'fax', freshIp());
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.channel).toBe(LEAD_MESSAGES.channel);
    expect((await click('00000000-0000-4000-8000-000000000000', 'phone', freshIp())).statusCode).toBe(404);
    const ip = '192.0.2.99';
    const codes = [];
    for (let i = 0; i < 31; i++) codes.push((await click(car, 'email', ip)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 204)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('sales team notices', () => {
  it("a further enquiry on a lead with an owner goes to that owner alone, and to the team once the owner is inactive", async () => {
    const car = await carOnSale();
    const email = `owned.${Date.now()}@example.com`;
    await enquire(car, question({ email }));
    const [lead] = await leadsOf(car);
    expect((await staff('PATCH', `/admin/leads/${lead!.id}`, salesA, { ownerId: salesB.id })).statusCode).toBe(200);
    // The lead's notices so far, to each address.
    const noticesTo = async () => {
      const sent = (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.kind, 'lead-notice'))).filter(
        (m) => (m.payload as { leadId?: string }).leadId === lead!.id,
      );
      const counts: Record<string, number> = { [salesA.email]: 0, [salesB.email]: 0 };
      for (const m of sent) counts[m.toAddress] = (counts[m.toAddress] ?? 0) + 1;
      return counts;
    };
    expect(await noticesTo()).toEqual({ [salesA.email]: 1, [salesB.email]: 1 });

    expect((await enquire(car, question({ email, message: 'Still there?' }))).statusCode).toBe(201);
    expect(await noticesTo()).toEqual({ [salesA.email]: 1, [salesB.email]: 2 });

    await ctx.database.db.execute(sql`UPDATE users SET status = 'inactive' WHERE id = ${salesB.id}`);
    try {
      expect((await enquire(car, question({ email, message: 'Anyone?' }))).statusCode).toBe(201);
      expect(await noticesTo()).toEqual({ [salesA.email]: 2, [salesB.email]: 2 });
    } finally {
      await ctx.database.db.execute(sql`UPDATE users SET status = 'active' WHERE id = ${salesB.id}`);
    }
  });

  it('go to the admins when there is no active sales user', async () => {
    await ctx.database.db.execute(sql`UPDATE users SET status = 'inactive' WHERE role = 'SALES'`);
    try {
      const car = await carOnSale();
      await enquire(car, question());
      const notices = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.kind, 'lead-notice'));
      expect(notices.some((m) => m.toAddress === admin.email)).toBe(true);
    } finally {
      await ctx.database.db.execute(sql`UPDATE users SET status = 'active' WHERE role = 'SALES'`);
    }
  });
});
