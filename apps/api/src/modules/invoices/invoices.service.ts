import {
  INVOICE_LIMITS,
  INVOICE_MESSAGES,
  PRODUCT_NAME,
  lineFiguresOf,
  worksIn,
  type CreditNote,
  type Invoice,
  type InvoiceLine,
  type InvoiceListQuery,
  type InvoiceSummary,
  type PageMeta,
  type PaymentInput,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { pageMeta } from '../../http/envelope';
import { ConflictError, NotFoundError, ValidationError } from '../../infra/errors';
import { isUuid } from '../../infra/uuid';
import { enqueueEmail } from '../../mail/outbox';
import { recordAudit } from '../audit';
import type { AuthUser } from '../auth';
import { workshopMoment } from '../workshop-calendar';
import { formatCents, invoiceNumber, taxOf } from './invoices.money';
import { renderInvoicePdf } from './invoices.pdf';
import * as repo from './invoices.repository';

const M = INVOICE_MESSAGES;

/** The work a customer approved on a job's decided estimate (null: no decided estimate). */
export interface ApprovedWorkRead {
  taxRateBasisPoints: number;
  lines: Omit<InvoiceLine, 'position'>[];
}

/** What invoices need of other domains, wired at the composition root. */
export type InvoicesDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  /** The estimates domain: the decided estimate's approved lines and tax rate, read in the caller's transaction. */
  estimates: { approvedWorkOf(executor: Executor, appointmentId: string): Promise<ApprovedWorkRead | null> };
};

/** The completed job as the invoice records it (an appointment row has these columns). */
export interface CompletedJob {
  id: string;
  userId: string | null;
  customerName: string;
  customerEmail: string;
  vehicleRegistration: string;
  technicianId: string | null;
  maintenanceType: string;
  specificService: string;
  /** The job's price in dollars (two decimals), as the appointment keeps it. */
  cost: number | null;
}

/** An issued invoice as the completion e-mail carries it. */
export interface IssuedInvoice {
  id: string;
  number: string;
  totalCents: number;
  pdf: { filename: string; base64: string };
}

export const pdfFileName = (row: Pick<repo.InvoiceRow, 'kind' | 'number'>) =>
  `${row.kind === 'Invoice' ? 'invoice' : 'credit-note'}-${row.number}.pdf`;

/**
 * Invoices: issued once, in the transaction that completes a job, from the customer's approved lines
 * with tax once on the subtotal; numbered per year without gaps; never changed after. Staff record
 * payments until the balance is nothing and correct an invoice with a credit note. Customers see and
 * download their own.
 */
export function createInvoicesService(deps: InvoicesDeps) {
  const { db, clock, config, estimates } = deps;
  const today = () => workshopMoment(clock.now(), config.WORKSHOP_TZ).date;
  const header = { dealership: PRODUCT_NAME, address: config.WORKSHOP_ADDRESS, phone: config.WORKSHOP_PHONE };

  async function toSummaries(executor: Executor, rows: repo.InvoiceRow[]): Promise<InvoiceSummary[]> {
    const [figures, numbers] = await Promise.all([
      repo.figuresOf(executor, rows.filter((r) => r.kind === 'Invoice').map((r) => r.id)),
      repo.numbersOf(executor, rows.flatMap((r) => (r.creditsInvoiceId ? [r.creditsInvoiceId] : []))),
    ]);
    return rows.map((row) => {
      const { paidCents, creditedCents } = figures.get(row.id) ?? { paidCents: 0, creditedCents: 0 };
      const isInvoice = row.kind === 'Invoice';
      const balanceCents = isInvoice ? row.totalCents - creditedCents - paidCents : 0;
      return {
        _id: row.id,
        number: row.number,
        kind: row.kind,
        creditsInvoice: row.creditsInvoiceId ? { _id: row.creditsInvoiceId, number: numbers.get(row.creditsInvoiceId) ?? '' } : null,
        appointmentId: row.appointmentId,
        customer: { name: row.customerName, email: row.customerEmail },
        vehicleRegistration: row.vehicleRegistration,
        maintenanceType: row.maintenanceType,
        taxRateBasisPoints: row.taxRateBasisPoints,
        subtotalCents: row.subtotalCents,
        taxCents: row.taxCents,
        totalCents: row.totalCents,
        creditedCents,
        paidCents,
        balanceCents,
        status: isInvoice ? (balanceCents > 0 ? 'Unpaid' : 'Paid') : null,
        reason: row.reason,
        issuedAt: row.issuedAt.toISOString(),
        issuedOn: workshopMoment(row.issuedAt, config.WORKSHOP_TZ).date,
      };
    });
  }

  async function toInvoice(executor: Executor, row: repo.InvoiceRow): Promise<Invoice> {
    const [[summary], lines, payments, credits] = await Promise.all([
      toSummaries(executor, [row]),
      repo.linesOf(executor, row.id),
      repo.paymentsOf(executor, row.id),
      repo.creditNotesOf(executor, row.id),
    ]);
    const creditedSubtotal = credits.reduce((sum, c) => sum - c.subtotalCents, 0);
    return {
      ...summary!,
      lines: lines.map(lineFiguresOf),
      payments: payments.map((p) => ({ _id: p.id, method: p.method, amountCents: p.amountCents, paidOn: p.paidOn, recordedAt: p.createdAt.toISOString() })),
      creditNotes: credits.map((c) => ({
        _id: c.id,
        number: c.number,
        subtotalCents: c.subtotalCents,
        taxCents: c.taxCents,
        totalCents: c.totalCents,
        reason: c.reason,
        issuedAt: c.issuedAt.toISOString(),
      })),
      creditableCents: row.kind === 'Invoice' ? Math.max(0, row.subtotalCents - creditedSubtotal) : 0,
    };
  }

  /** The next number of the year the workshop is in, taken in `tx`. */
  async function nextNumber(tx: Executor): Promise<{ year: number; sequence: number; number: string }> {
    const year = Number(today().slice(0, 4));
    const sequence = await repo.takeSequence(tx, year);
    return { year, sequence, number: invoiceNumber(year, sequence) };
  }

  async function pdfOf(executor: Executor, row: repo.InvoiceRow): Promise<IssuedInvoice> {
    const invoice = await toInvoice(executor, row);
    const pdf = await renderInvoicePdf(invoice, header);
    return { id: row.id, number: row.number, totalCents: row.totalCents, pdf: { filename: pdfFileName(row), base64: pdf.toString('base64') } };
  }

  /**
   * Issues the invoice of a job being completed, inside the completing transaction (the job's row is
   * locked by it). Lines: the decided estimate's approved lines, tax at its rate on their subtotal.
   * Without a decided estimate, one line of the job's price without tax added (the price the customer
   * was told); nothing to charge (no approved line, no price) issues nothing. A job completed again
   * after being taken back keeps its first invoice.
   */
  async function issueOnCompletion(tx: Executor, job: CompletedJob, actorId: string | null): Promise<IssuedInvoice | null> {
    const existing = await repo.invoiceOfAppointment(tx, job.id);
    if (existing) return pdfOf(tx, existing);
    const work = await estimates.approvedWorkOf(tx, job.id);
    let taxRateBasisPoints = 0;
    let lines: ApprovedWorkRead['lines'] = [];
    if (work) {
      taxRateBasisPoints = work.taxRateBasisPoints;
      lines = work.lines;
    } else if (job.cost !== null && job.cost > 0) {
      const cents = Math.round(job.cost * 100);
      lines = [{ kind: 'Fee', description: job.specificService, quantityHundredths: 100, unitPriceCents: cents, amountCents: cents }];
    }
    if (lines.length === 0) return null;
    const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const taxCents = taxOf(subtotalCents, taxRateBasisPoints);
    const numbering = await nextNumber(tx);
    const row = await repo.insertInvoice(
      tx,
      {
        ...numbering,
        kind: 'Invoice',
        appointmentId: job.id,
        userId: job.userId,
        customerName: job.customerName,
        customerEmail: job.customerEmail,
        vehicleRegistration: job.vehicleRegistration,
        technicianId: job.technicianId,
        maintenanceType: job.maintenanceType,
        taxRateBasisPoints,
        subtotalCents,
        taxCents,
        totalCents: subtotalCents + taxCents,
        issuedAt: clock.now(),
        issuedById: actorId,
      },
      lines,
    );
    await recordAudit(tx, {
      actorId,
      action: 'invoice.issue',
      entityType: 'invoice',
      entityId: row.id,
      after: { number: row.number, appointmentId: job.id, subtotalCents, taxCents, totalCents: row.totalCents },
    });
    return pdfOf(tx, row);
  }

  const canSeeAll = (user: AuthUser) => worksIn(user.role, 'workshop');

  /** A document the caller may see: their own, or any for workshop staff; 404 otherwise. */
  async function visible(user: AuthUser, id: string): Promise<repo.InvoiceRow> {
    if (!isUuid(id)) throw new NotFoundError(M.notFound);
    const row = await repo.findInvoice(db, id);
    if (!row || (row.userId !== user.id && !canSeeAll(user))) throw new NotFoundError(M.notFound);
    return row;
  }

  /** The customer's own invoices and credit notes, newest first. */
  async function mine(user: AuthUser): Promise<InvoiceSummary[]> {
    return toSummaries(db, await repo.documentsOfUser(db, user.id));
  }

  /** One of the customer's own documents (another's is not found, also for staff: this is the account's view). */
  async function mineOne(user: AuthUser, id: string): Promise<Invoice> {
    if (!isUuid(id)) throw new NotFoundError(M.notFound);
    const row = await repo.findInvoice(db, id);
    if (!row || row.userId !== user.id) throw new NotFoundError(M.notFound);
    return toInvoice(db, row);
  }

  async function pdf(user: AuthUser, id: string): Promise<{ fileName: string; body: Buffer }> {
    const row = await visible(user, id);
    const invoice = await toInvoice(db, row);
    return { fileName: pdfFileName(row), body: await renderInvoicePdf(invoice, header) };
  }

  async function list(query: InvoiceListQuery): Promise<{ data: InvoiceSummary[]; meta: PageMeta }> {
    const page = Number(query.page ?? 1);
    const limit = INVOICE_LIMITS.pageSize;
    const { rows, total } = await repo.listInvoices(db, { status: query.status, offset: (page - 1) * limit, limit });
    return { data: await toSummaries(db, rows), meta: pageMeta(page, limit, total) };
  }

  async function detail(id: string): Promise<Invoice> {
    if (!isUuid(id)) throw new NotFoundError(M.notFound);
    const row = await repo.findInvoice(db, id);
    if (!row) throw new NotFoundError(M.notFound);
    return toInvoice(db, row);
  }

  /** The invoice under its row lock: payments and credit notes of one invoice are taken one at a time. */
  async function lockedInvoice(tx: Executor, id: string, onCreditNote: string): Promise<repo.InvoiceRow> {
    if (!isUuid(id)) throw new NotFoundError(M.notFound);
    const row = await repo.findInvoice(tx, id, { forUpdate: true });
    if (!row) throw new NotFoundError(M.notFound);
    if (row.kind !== 'Invoice') throw new ConflictError(onCreditNote);
    return row;
  }

  /** A payment staff took, up to the balance; its day is not after today (the workshop's). */
  async function recordPayment(actor: AuthUser, id: string, input: PaymentInput): Promise<Invoice> {
    if (input.paidOn > today()) throw new ValidationError({ paidOn: M.paidOnFuture }, M.paidOnFuture);
    return db.transaction(async (tx) => {
      const row = await lockedInvoice(tx, id, M.paymentOnCreditNote);
      const { paidCents, creditedCents } = (await repo.figuresOf(tx, [row.id])).get(row.id)!;
      const balance = row.totalCents - creditedCents - paidCents;
      if (balance <= 0) throw new ConflictError(M.alreadyPaid);
      if (input.amountCents > balance) {
        const message = M.aboveBalance(formatCents(balance));
        throw new ValidationError({ amountCents: message }, message);
      }
      const payment = await repo.insertPayment(tx, { invoiceId: row.id, method: input.method, amountCents: input.amountCents, paidOn: input.paidOn, recordedById: actor.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'invoice.payment',
        entityType: 'invoice',
        entityId: row.id,
        before: { balanceCents: balance },
        after: { paymentId: payment.id, method: input.method, amountCents: input.amountCents, paidOn: input.paidOn, balanceCents: balance - input.amountCents },
      });
      return toInvoice(tx, row);
    });
  }

  /**
   * A credit note against an invoice: the amount before tax (not more than is left to credit), tax
   * at the invoice's rate computed once on it (crediting all that is left takes all the tax left, so
   * the invoice nets to nothing exactly), the next number, negative amounts, and the reason.
   */
  async function creditNote(actor: AuthUser, id: string, input: CreditNote): Promise<Invoice> {
    return db.transaction(async (tx) => {
      const row = await lockedInvoice(tx, id, M.creditOnCreditNote);
      const credits = await repo.creditNotesOf(tx, row.id);
      const subtotalLeft = row.subtotalCents + credits.reduce((sum, c) => sum + c.subtotalCents, 0);
      const taxLeft = row.taxCents + credits.reduce((sum, c) => sum + c.taxCents, 0);
      if (subtotalLeft <= 0) throw new ConflictError(M.nothingToCredit);
      if (input.amountCents > subtotalLeft) {
        const message = M.aboveCreditable(formatCents(subtotalLeft));
        throw new ValidationError({ amountCents: message }, message);
      }
      const amount = input.amountCents;
      const tax = amount === subtotalLeft ? taxLeft : Math.min(taxOf(amount, row.taxRateBasisPoints), taxLeft);
      const numbering = await nextNumber(tx);
      const note = await repo.insertInvoice(
        tx,
        {
          ...numbering,
          kind: 'Credit note',
          creditsInvoiceId: row.id,
          appointmentId: row.appointmentId,
          userId: row.userId,
          customerName: row.customerName,
          customerEmail: row.customerEmail,
          vehicleRegistration: row.vehicleRegistration,
          technicianId: row.technicianId,
          maintenanceType: row.maintenanceType,
          taxRateBasisPoints: row.taxRateBasisPoints,
          subtotalCents: -amount,
          taxCents: -tax,
          totalCents: -(amount + tax),
          reason: input.reason,
          issuedAt: clock.now(),
          issuedById: actor.id,
        },
        [{ kind: 'Fee', description: `Credit on invoice ${row.number}: ${input.reason}`, quantityHundredths: 100, unitPriceCents: -amount, amountCents: -amount }],
      );
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'invoice.credit-note',
        entityType: 'invoice',
        entityId: row.id,
        after: { creditNoteId: note.id, number: note.number, subtotalCents: -amount, taxCents: -tax, totalCents: note.totalCents, reason: input.reason },
      });
      // The customer is told, with the note's PDF, in the same transaction: no note without its e-mail.
      if (row.customerEmail.trim() !== '') {
        const document = await pdfOf(tx, note);
        await enqueueEmail(tx, {
          kind: 'invoice-credit-note',
          to: row.customerEmail,
          data: {
            customerName: row.customerName,
            number: note.number,
            invoiceNumber: row.number,
            registration: row.vehicleRegistration,
            totalCents: note.totalCents,
            reason: input.reason,
            hasAccount: row.userId !== null,
            pdf: document.pdf,
          },
        });
      }
      return toInvoice(tx, row);
    });
  }

  return { issueOnCompletion, mine, mineOne, pdf, list, detail, recordPayment, creditNote };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
