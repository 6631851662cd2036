import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type Invoice } from '@dealer/shared';
import { auditEntries, emailMessages, estimateLines, estimates, invoiceCounters, invoicePayments, invoices } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { renderEmail } from '../../mail/templates';
import type { EmailMessageInput } from '../../mail/registry';
import { useTestApp } from '../../test/harness';
import { createAdmin, createAppointment, createUser, type TestUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { formatCents, taxOf } from './invoices.money';

// Saturday 28 November 2026, 10:30 in New York.
const nowMs = Date.parse('2026-11-28T15:30:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
const TODAY = '2026-11-28';
const M = INVOICE_MESSAGES;

const ctx = useTestApp({ clock, config: { WORKSHOP_TZ: 'America/New_York' } });
let admin: TestUser;
let advisor: TestUser;
let technician: TestUser;
let sales: TestUser;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  admin = await createAdmin(ctx);
  advisor = await createUser(ctx, { role: 'SERVICE_ADVISOR' });
  technician = await createUser(ctx, { role: 'TECHNICIAN' });
  sales = await createUser(ctx, { role: 'SALES' });
  customer = await createUser(ctx, { name: 'Ivy Invoice', email: 'ivy.invoice@example.com' });
  other = await createUser(ctx);
});

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });

/** A job of the customer waiting at Ready for pickup (Scheduled), optionally with a price. */
async function readyJob(values: { cost?: number; registration?: string } = {}) {
  return createAppointment(ctx, {
    userId: customer.id,
    status: 'Scheduled',
    stage: 'Ready for pickup',
    cost: values.cost ?? null,
    customer: { name: 'Ivy Invoice', email: 'ivy.invoice@example.com', phone: '5550001111' },
    vehicle: { make: 'Honda', model: 'Civic', year: '2018', registration: values.registration ?? 'INV 123' },
  });
}

/**
 * A decided estimate at 8.25 %: 1.5 h labour at $90 and 2 parts at $11.50 approved (subtotal $158.00,
 * tax $13.035 rounded half up to $13.04), a $9.99 fee declined.
 */
async function decideEstimate(appointmentId: string) {
  const [estimate] = await ctx.database.db
    .insert(estimates)
    .values({ appointmentId, status: 'Decided', version: 1, taxRateBasisPoints: 825, sentAt: new Date(nowMs - 86_400_000), decidedAt: new Date(nowMs - 3_600_000), decidedName: 'Ivy Invoice' })
    .returning();
  await ctx.database.db.insert(estimateLines).values([
    { estimateId: estimate!.id, position: 1, kind: 'Labour', description: 'Replace front brake pads', quantityHundredths: 150, unitPriceCents: 9000, amountCents: 13500, decision: 'Approved' },
    { estimateId: estimate!.id, position: 2, kind: 'Part', description: 'Brake pad set', quantityHundredths: 200, unitPriceCents: 1150, amountCents: 2300, decision: 'Approved' },
    { estimateId: estimate!.id, position: 3, kind: 'Fee', description: 'Wiper blades', quantityHundredths: 100, unitPriceCents: 999, amountCents: 999, decision: 'Declined' },
  ]);
}

const complete = (user: TestUser, id: string) => call(user, 'POST', `/api/workshop/jobs/${id}/move`, { from: 'Ready for pickup', to: 'Completed' });
const invoiceOf = async (appointmentId: string) =>
  (await ctx.database.db.select().from(invoices).where(and(eq(invoices.appointmentId, appointmentId), eq(invoices.kind, 'Invoice'))))[0];
const counterOf = async () => (await ctx.database.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, 2026)))[0]?.last ?? 0;
const pay = (user: TestUser | null, id: string, payload: object) => call(user, 'POST', `/api/admin/invoices/${id}/payments`, payload);
/** Where the tests render a queued e-mail as it would be delivered. */
const RENDER_CONTEXT = {
  baseUrl: 'http://localhost',
  timeZone: 'America/New_York',
  now: new Date(nowMs),
  workshop: { address: '1 Test Road, Springfield', phone: '+1 555 0100' },
  sender: 'Workshop <workshop@example.com>',
};
const credit = (user: TestUser | null, id: string, payload: object) => call(user, 'POST', `/api/admin/invoices/${id}/credit-notes`, payload);

/** An invoiced job: a decided estimate, completed by the advisor; answers the invoice's id. */
async function invoicedJob(): Promise<string> {
  const job = await readyJob();
  await decideEstimate(job.id);
  expect((await complete(advisor, job.id)).statusCode).toBe(200);
  return (await invoiceOf(job.id))!.id;
}

describe('invoice arithmetic', () => {
  it('computes tax once on the subtotal, half up, in whole cents', () => {
    expect(taxOf(15_800, 825)).toBe(1304);
    expect(taxOf(-15_800, 825)).toBe(-1304);
    expect(taxOf(1, 5000)).toBe(1);
    expect(taxOf(1, 4999)).toBe(0);
    expect(taxOf(2_000_000_000, 10_000)).toBe(2_000_000_000);
    expect(formatCents(17_104)).toBe('$171.04');
    expect(formatCents(-5)).toBe('-$0.05');
  });
});

describe('issuing at completion', () => {
  it('issues a numbered invoice from the approved lines when the floor completes a job, and mails it as a PDF', async () => {
    const before = await counterOf();
    const job = await readyJob();
    await decideEstimate(job.id);
    const res = await complete(advisor, job.id);
    expect(res.statusCode).toBe(200);
    const row = await invoiceOf(job.id);
    const number = `2026-${String(before + 1).padStart(6, '0')}`;
    expect(row).toMatchObject({
      number,
      kind: 'Invoice',
      userId: customer.id,
      customerName: 'Ivy Invoice',
      vehicleRegistration: 'INV 123',
      taxRateBasisPoints: 825,
      subtotalCents: 15_800,
      taxCents: 1304,
      totalCents: 17_104,
      issuedById: advisor.id,
    });
    const mine = await call(customer, 'GET', `/api/account/invoices/${row!.id}`);
    expect(mine.statusCode).toBe(200);
    const invoice: Invoice = mine.json().data;
    expect(invoice.lines.map((l) => [l.kind, l.description, l.amountCents])).toEqual([
      ['Labour', 'Replace front brake pads', 13_500],
      ['Part', 'Brake pad set', 2300],
    ]);
    expect(invoice).toMatchObject({ status: 'Unpaid', balanceCents: 17_104, paidCents: 0, issuedOn: TODAY, creditableCents: 15_800 });
    const audit = await ctx.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, row!.id), eq(auditEntries.action, 'invoice.issue')));
    expect(audit).toHaveLength(1);

    // The completion e-mail carries the invoice: its number, total and the PDF.
    const [mail] = await ctx.database.db.select().from(emailMessages).where(and(eq(emailMessages.kind, 'booking-completed'), sql`${emailMessages.payload}->'appointment'->>'_id' = ${job.id}`));
    expect(mail).toBeDefined();
    const rendered = renderEmail({ kind: mail!.kind, to: mail!.toAddress, data: mail!.payload } as EmailMessageInput, RENDER_CONTEXT);
    expect(rendered.text).toContain(`Your invoice ${number} is attached.`);
    expect(rendered.text).toContain('$171.04');
    expect(rendered.attachments).toHaveLength(1);
    expect(rendered.attachments[0]).toMatchObject({ filename: `invoice-${number}.pdf`, contentType: 'application/pdf', encoding: 'base64' });
    const attached = pdfText(Buffer.from(rendered.attachments[0]!.content, 'base64'));
    expect(attached).toContain(`Invoice ${number}`);
    expect(attached).toContain('$171.04');
  });

  it('issues the invoice when an admin sets the status to Completed, and keeps it when the job is completed again', async () => {
    const job = await readyJob();
    await decideEstimate(job.id);
    const res = await call(admin, 'PATCH', `/api/maintenance/${job.id}`, { status: 'Completed' });
    expect(res.statusCode).toBe(200);
    const first = await invoiceOf(job.id);
    expect(first).toMatchObject({ totalCents: 17_104, issuedById: admin.id });
    const counter = await counterOf();
    // Taken back to work, then completed again: the same invoice, no new number.
    expect((await call(admin, 'PATCH', `/api/maintenance/${job.id}`, { status: 'Scheduled' })).statusCode).toBe(200);
    expect((await call(admin, 'PATCH', `/api/maintenance/${job.id}`, { status: 'Completed' })).statusCode).toBe(200);
    expect(await counterOf()).toBe(counter);
    const all = await ctx.database.db.select().from(invoices).where(eq(invoices.appointmentId, job.id));
    expect(all.map((i) => i.id)).toEqual([first!.id]);
  });

  it('without a decided estimate invoices the job price as one line without tax added, and nothing when there is no price', async () => {
    const priced = await readyJob({ cost: 79.5 });
    expect((await complete(advisor, priced.id)).statusCode).toBe(200);
    const row = await invoiceOf(priced.id);
    expect(row).toMatchObject({ subtotalCents: 7950, taxCents: 0, totalCents: 7950, taxRateBasisPoints: 0 });
    const unpriced = await readyJob();
    const counter = await counterOf();
    expect((await complete(advisor, unpriced.id)).statusCode).toBe(200);
    expect(await invoiceOf(unpriced.id)).toBeUndefined();
    expect(await counterOf()).toBe(counter);
  });

  it('numbers parallel completions without gaps or repeats, on either path', async () => {
    const before = await counterOf();
    const jobs = await Promise.all(Array.from({ length: 8 }, () => readyJob()));
    for (const job of jobs) await decideEstimate(job.id);
    const answers = await Promise.all(
      jobs.map((job, i) => (i % 2 === 0 ? complete(advisor, job.id) : call(admin, 'PATCH', `/api/maintenance/${job.id}`, { status: 'Completed' }))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(jobs.map(() => 200));
    const sequences = (await Promise.all(jobs.map((job) => invoiceOf(job.id)))).map((row) => row!.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(jobs.map((_, i) => before + i + 1));
    expect(await counterOf()).toBe(before + jobs.length);
  });

  it('gives the number back when the completing transaction rolls back', async () => {
    const before = await counterOf();
    const job = await readyJob();
    await decideEstimate(job.id);
    const service = ctx.app.services.invoices;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        const issued = await service.issueOnCompletion(tx, { ...job, cost: null }, advisor.id);
        expect(issued?.number).toBe(`2026-${String(before + 1).padStart(6, '0')}`);
        throw new Error('the completion failed after the invoice');
      }),
    ).rejects.toThrow('the completion failed');
    expect(await counterOf()).toBe(before);
    expect(await invoiceOf(job.id)).toBeUndefined();
    expect((await complete(advisor, job.id)).statusCode).toBe(200);
    expect((await invoiceOf(job.id))!.sequence).toBe(before + 1);
  });
});

describe('customers and their invoices', () => {
  it('lists and shows only their own, and downloads the PDF (own only; workshop staff any)', async () => {
    const id = await invoicedJob();
    const list = await call(customer, 'GET', '/api/account/invoices');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: { _id: string }) => i._id)).toContain(id);
    expect((await call(other, 'GET', '/api/account/invoices')).json().data).toEqual([]);
    expect((await call(other, 'GET', `/api/account/invoices/${id}`)).statusCode).toBe(404);
    expect((await call(customer, 'GET', '/api/account/invoices/not-a-uuid')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/account/invoices')).statusCode).toBe(401);

    const pdf = await call(customer, 'GET', `/api/invoices/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const row = (await ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${row.number}.pdf"`);
    const text = pdfText(pdf.rawPayload);
    for (const expected of ['Apex Motors', `Invoice ${row.number}`, 'Ivy Invoice', 'INV 123', 'Brake pad set', '$158.00', '$13.04', '$171.04', 'Balance']) {
      expect(text).toContain(expected);
    }
    for (const staff of [admin, advisor]) expect((await call(staff, 'GET', `/api/invoices/${id}/pdf`)).statusCode).toBe(200);
    for (const stranger of [other, technician, sales]) {
      const res = await call(stranger, 'GET', `/api/invoices/${id}/pdf`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
  });
});

describe('payments', () => {
  it('records payments up to the balance; a balance shows until paid; audited', async () => {
    const id = await invoicedJob();
    const first = await pay(advisor, id, { method: 'Card', amountCents: 10_000, paidOn: TODAY });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ paidCents: 10_000, balanceCents: 7104, status: 'Unpaid' });
    const unpaid = (await call(admin, 'GET', '/api/admin/invoices?status=Unpaid')).json().data.map((i: { _id: string }) => i._id);
    expect(unpaid).toContain(id);

    const above = await pay(advisor, id, { method: 'Cash', amountCents: 7105, paidOn: TODAY });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toMatchObject({ message: M.aboveBalance('$71.04'), errors: { amountCents: M.aboveBalance('$71.04') } });

    const rest = await pay(admin, id, { method: 'Bank transfer', amountCents: 7104, paidOn: '2026-11-27' });
    expect(rest.json().data).toMatchObject({ balanceCents: 0, status: 'Paid' });
    expect(rest.json().data.payments.map((p: { method: string; amountCents: number }) => [p.method, p.amountCents])).toEqual([
      ['Bank transfer', 7104],
      ['Card', 10_000],
    ]);
    const paid = (await call(advisor, 'GET', '/api/admin/invoices?status=Paid')).json();
    expect(paid.data.map((i: { _id: string }) => i._id)).toContain(id);
    expect((await call(advisor, 'GET', '/api/admin/invoices?status=Unpaid')).json().data.map((i: { _id: string }) => i._id)).not.toContain(id);

    const again = await pay(advisor, id, { method: 'Cash', amountCents: 1, paidOn: TODAY });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyPaid);
    const audit = await ctx.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'invoice.payment')));
    expect(audit).toHaveLength(2);
    expect((await ctx.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id))).length).toBe(2);
    // The site-wide audit log names the invoice by its number.
    const log = (await call(admin, 'GET', '/api/admin/audit-log?kind=invoice')).json().data as { entityId: string; entityLabel: string | null; action: string }[];
    const number = (await ctx.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!.number;
    expect(log.filter((e) => e.entityId === id).map((e) => [e.action, e.entityLabel])).toEqual([
      ['invoice.payment', `Invoice ${number}`],
      ['invoice.payment', `Invoice ${number}`],
      ['invoice.issue', `Invoice ${number}`],
    ]);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const id = await invoicedJob();
    const cases: [object, string, string][] = [
      [{ method: 'Cheque', amountCents: 100, paidOn: TODAY }, 'method', M.method],
      [{ method: 'Cash', amountCents: 10.5, paidOn: TODAY }, 'amountCents', M.amount],
      [{ method: 'Cash', amountCents: '100', paidOn: TODAY }, 'amountCents', M.amount],
      [{ method: 'Cash', amountCents: 0, paidOn: TODAY }, 'amountCents', M.amountPositive],
      [{ method: 'Cash', amountCents: -100, paidOn: TODAY }, 'amountCents', M.amountPositive],
      [{ method: 'Cash', amountCents: 100_000_000, paidOn: TODAY }, 'amountCents', M.amountTooHigh],
      [{ method: 'Cash', amountCents: 100, paidOn: '28/11/2026' }, 'paidOn', M.paidOn],
      [{ method: 'Cash', amountCents: 100, paidOn: '2026-11-29' }, 'paidOn', M.paidOnFuture],
      // No year 0 in the calendar: refused here, not by the database.
      [{ method: 'Cash', amountCents: 100, paidOn: '0000-01-01' }, 'paidOn', M.paidOn],
      [{ method: 'Cash', amountCents: 100, paidOn: '2026-02-30' }, 'paidOn', M.paidOn],
    ];
    for (const [payload, field, message] of cases) {
      const res = await pay(advisor, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await ctx.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id))).toEqual([]);
    expect((await pay(advisor, '00000000-0000-4000-8000-000000000000', { method: 'Cash', amountCents: 100, paidOn: TODAY })).json().message).toBe(M.notFound);
    expect((await pay(advisor, 'nope', { method: 'Cash', amountCents: 100, paidOn: TODAY })).statusCode).toBe(404);
  });

  it('admits ADMIN and SERVICE_ADVISOR only', async () => {
    const id = await invoicedJob();
    const payload = { method: 'Cash', amountCents: 100, paidOn: TODAY };
    expect((await pay(null, id, payload)).statusCode).toBe(401);
    for (const user of [customer, technician, sales]) {
      expect((await pay(user, id, payload)).statusCode).toBe(403);
      expect((await credit(user, id, { amountCents: 100, reason: 'No' })).statusCode).toBe(403);
      expect((await call(user, 'GET', '/api/admin/invoices')).statusCode).toBe(403);
      expect((await call(user, 'GET', `/api/admin/invoices/${id}`)).statusCode).toBe(403);
    }
    expect((await call(advisor, 'GET', `/api/admin/invoices/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/admin/invoices?status=Maybe')).json().errors.status).toBe(M.status);
    expect((await call(admin, 'GET', '/api/admin/invoices?page=0')).json().errors.page).toBe(M.page);
  });
});

describe('credit notes', () => {
  it('corrects an invoice with the next number, negative amounts and a reason, up to what is left to credit', async () => {
    const id = await invoicedJob();
    const before = await counterOf();
    const res = await credit(advisor, id, { amountCents: 5000, reason: 'Labour overcharged' });
    expect(res.statusCode).toBe(200);
    const invoice: Invoice = res.json().data;
    // 8.25 % of $50.00 is $4.125, rounded half up.
    expect(invoice.creditNotes).toEqual([
      expect.objectContaining({ number: `2026-${String(before + 1).padStart(6, '0')}`, subtotalCents: -5000, taxCents: -413, totalCents: -5413, reason: 'Labour overcharged' }),
    ]);
    expect(invoice).toMatchObject({ creditedCents: 5413, balanceCents: 17_104 - 5413, creditableCents: 10_800 });
    // The issued invoice itself is unchanged.
    expect(await invoiceOf(invoice.appointmentId!)).toMatchObject({ subtotalCents: 15_800, taxCents: 1304, totalCents: 17_104 });

    const above = await credit(admin, id, { amountCents: 10_801, reason: 'Too much' });
    expect(above.statusCode).toBe(422);
    expect(above.json().errors.amountCents).toBe(M.aboveCreditable('$108.00'));

    // Crediting all that is left takes all the tax left: the invoice nets to nothing exactly.
    const rest = await credit(admin, id, { amountCents: 10_800, reason: 'Job cancelled' });
    expect(rest.json().data).toMatchObject({ creditedCents: 17_104, balanceCents: 0, status: 'Paid', creditableCents: 0 });
    const noteId = rest.json().data.creditNotes[1]._id;
    const nothing = await credit(admin, id, { amountCents: 1, reason: 'More' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(M.nothingToCredit);

    // A credit note is its own document: the customer sees it and its PDF; it takes neither credit nor payment.
    const note = await call(customer, 'GET', `/api/account/invoices/${noteId}`);
    expect(note.json().data).toMatchObject({ kind: 'Credit note', status: null, reason: 'Job cancelled', totalCents: -11_691, creditsInvoice: { _id: id } });
    const text = pdfText((await call(customer, 'GET', `/api/invoices/${noteId}/pdf`)).rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain('-$116.91');
    expect((await credit(admin, noteId, { amountCents: 1, reason: 'x' })).json().message).toBe(M.creditOnCreditNote);
    expect((await pay(admin, noteId, { method: 'Cash', amountCents: 1, paidOn: TODAY })).json().message).toBe(M.paymentOnCreditNote);
    const audit = await ctx.database.db.select().from(auditEntries).where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'invoice.credit-note')));
    expect(audit).toHaveLength(2);

    // Each credit note e-mails the customer, with its PDF; the refused ones sent nothing.
    const mails = await ctx.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, 'invoice-credit-note'), sql`${emailMessages.payload}->>'invoiceNumber' = ${invoice.number}`));
    expect(mails).toHaveLength(2);
    const last = mails.find((m) => (m.payload as { number: string }).number === rest.json().data.creditNotes[1].number)!;
    const rendered = renderEmail({ kind: last.kind, to: last.toAddress, data: last.payload } as EmailMessageInput, RENDER_CONTEXT);
    expect(rendered.subject).toBe(`Credit note ${rest.json().data.creditNotes[1].number} for invoice ${invoice.number}`);
    expect(rendered.text).toContain('Job cancelled');
    expect(rendered.text).toContain('$116.91');
    expect(rendered.attachments[0]).toMatchObject({ filename: `credit-note-${rest.json().data.creditNotes[1].number}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(Buffer.from(rendered.attachments[0]!.content, 'base64'))).toContain('-$116.91');
  });

  it('refuses a credit note without a reason or with one too long, changing nothing', async () => {
    const id = await invoicedJob();
    const before = await counterOf();
    const cases: [object, string, string][] = [
      [{ amountCents: 100 }, 'reason', M.reason],
      [{ amountCents: 100, reason: '   ' }, 'reason', M.reason],
      [{ amountCents: 100, reason: 'x'.repeat(501) }, 'reason', M.reasonTooLong],
      [{ amountCents: 0, reason: 'Zero' }, 'amountCents', M.amountPositive],
      [{ reason: 'No amount' }, 'amountCents', M.amount],
    ];
    for (const [payload, field, message] of cases) {
      const res = await credit(advisor, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await counterOf()).toBe(before);
    expect(await ctx.database.db.select().from(invoices).where(eq(invoices.creditsInvoiceId, id))).toEqual([]);
  });
});
