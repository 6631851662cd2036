import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InvoicePaymentStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { readPage } from '../../db/page';
import { invoiceCounters, invoiceLines, invoicePayments, invoices } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;

/**
 * The year's next number, taken in the caller's transaction: one statement that inserts the year's
 * row on its first invoice and otherwise raises it. Concurrent issuers queue on the row until the
 * first commits; a rolled-back transaction gives its number back.
 */
export async function takeSequence(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

export async function insertInvoice(
  tx: Executor,
  invoice: NewInvoiceRow,
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'position'>[],
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  if (lines.length > 0)
    await tx.insert(invoiceLines).values(lines.map((line, i) => ({ ...line, invoiceId: row!.id, position: i + 1 })));
  return row!;
}

export async function findInvoice(
  executor: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<InvoiceRow | undefined> {
  const query = executor.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function invoiceOfAppointment(executor: Executor, appointmentId: string): Promise<InvoiceRow | undefined> {
  const [row] = await executor
    .select()
    .from(invoices)
    .where(and(eq(invoices.appointmentId, appointmentId), eq(invoices.kind, 'Invoice')))
    .limit(1);
  return row;
}

export const linesOf = (executor: Executor, invoiceId: string) =>
  executor.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));

export const paymentsOf = (executor: Executor, invoiceId: string) =>
  executor
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));

export const creditNotesOf = (executor: Executor, invoiceId: string) =>
  executor.select().from(invoices).where(eq(invoices.creditsInvoiceId, invoiceId)).orderBy(asc(invoices.sequence));

export async function insertPayment(tx: Executor, payment: typeof invoicePayments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(invoicePayments).values(payment).returning();
  return row!;
}

/**
 * Paid: the payments' sum. Credited: what credit notes took off, as a positive figure. The outer row
 * is named in full: Drizzle writes a lone table's columns unqualified, which the subquery would take as its own.
 */
const paidSql = sql<number>`coalesce((select sum(p.amount_cents) from invoice_payments p where p.invoice_id = "invoices"."id"), 0)::int`;
const creditedSql = sql<number>`coalesce((select -sum(c.total_cents) from invoices c where c.credits_invoice_id = "invoices"."id"), 0)::int`;
const balanceSql = sql`("invoices"."total_cents" - ${creditedSql} - ${paidSql})`;

export interface InvoiceFigures {
  paidCents: number;
  creditedCents: number;
}

export async function figuresOf(executor: Executor, ids: readonly string[]): Promise<Map<string, InvoiceFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: invoices.id, paid: paidSql, credited: creditedSql })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { paidCents: Number(r.paid), creditedCents: Number(r.credited) }]));
}

/** Numbers of the invoices credit notes refer to. */
export async function numbersOf(executor: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** A customer's documents (invoices and credit notes), newest first. */
export const documentsOfUser = (executor: Executor, userId: string) =>
  executor.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.issuedAt), desc(invoices.sequence));

/** Invoices (not credit notes), newest first, by what is left to pay. */
export async function listInvoices(
  executor: Executor,
  query: { status?: InvoicePaymentStatus; offset: number; limit: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const filters: SQL[] = [eq(invoices.kind, 'Invoice')];
  if (query.status === 'Paid') filters.push(sql`${balanceSql} <= 0`);
  if (query.status === 'Unpaid') filters.push(sql`${balanceSql} > 0`);
  const where = and(...filters);
  return readPage(
    executor
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.year), desc(invoices.sequence))
      .$dynamic(),
    executor.$count(invoices, where),
    query,
  );
}
