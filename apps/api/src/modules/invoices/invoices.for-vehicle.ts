import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoicePayments, invoices } from '../../db/schema';

/** An invoice or credit note as a vehicle's service history lists it. */
export interface VehicleInvoice {
  id: string;
  number: string;
  kind: 'Invoice' | 'Credit note';
  /** Registration upper-cased without spaces or dashes: the vehicle it was for. */
  registrationKey: string;
  issuedAt: Date;
  totalCents: number;
  /** What is left to pay: the total less the payments, never below 0 (a credit note's is 0). */
  balanceCents: number;
}

const keyOf = sql<string>`upper(regexp_replace(${invoices.vehicleRegistration}, '[^A-Za-z0-9]', '', 'g'))`;

/**
 * The customer's invoices for vehicles by registration key, newest first (My Garage's history; written
 * by garage, issue 27). Only the customer's own: an invoice of another account for the same car is not theirs.
 */
export async function invoicesForVehicles(db: Executor, userId: string, registrationKeys: readonly string[]): Promise<VehicleInvoice[]> {
  if (registrationKeys.length === 0) return [];
  const paid = db
    .select({ invoiceId: invoicePayments.invoiceId, cents: sql<number>`sum(${invoicePayments.amountCents})::int`.as('cents') })
    .from(invoicePayments)
    .groupBy(invoicePayments.invoiceId)
    .as('paid');
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      registrationKey: keyOf,
      issuedAt: invoices.issuedAt,
      totalCents: invoices.totalCents,
      paidCents: sql<number | null>`${paid.cents}`,
    })
    .from(invoices)
    .leftJoin(paid, eq(paid.invoiceId, invoices.id))
    .where(and(eq(invoices.userId, userId), inArray(keyOf, [...registrationKeys])))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
  return rows.map(({ paidCents, ...row }) => ({
    ...row,
    balanceCents: row.kind === 'Invoice' ? Math.max(0, row.totalCents - Number(paidCents ?? 0)) : 0,
  }));
}
