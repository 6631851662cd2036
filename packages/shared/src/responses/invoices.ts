import { z } from 'zod';
import { ESTIMATE_LINE_KINDS, INVOICE_KINDS, PAYMENT_METHODS } from '../money-loop';
import { INVOICE_PAYMENT_STATUSES } from '../schemas/invoices';

/** A line as issued: quantity in hundredths, amounts in cents (negative on a credit note). */
export const invoiceLineSchema = z.object({
  position: z.number().int(),
  kind: z.enum(ESTIMATE_LINE_KINDS),
  description: z.string(),
  quantityHundredths: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A stored line's figures (an estimate's line or an invoice's), in the order the line schemas list them. */
export function lineFiguresOf(line: InvoiceLine): InvoiceLine {
  const { position, kind, description, quantityHundredths, unitPriceCents, amountCents } = line;
  return { position, kind, description, quantityHundredths, unitPriceCents, amountCents };
}

export const invoicePaymentSchema = z.object({
  _id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  paidOn: z.string(),
  recordedAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** An invoice or credit note in a list: its figures, what is paid and what is left. */
export const invoiceSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  /** The invoice a credit note corrects. */
  creditsInvoice: z.object({ _id: z.string(), number: z.string() }).nullable(),
  appointmentId: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
  vehicleRegistration: z.string(),
  maintenanceType: z.string(),
  taxRateBasisPoints: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** What credit notes took off (a positive figure), what was paid, and what is left to pay. */
  creditedCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  /** Null for a credit note. */
  status: z.enum(INVOICE_PAYMENT_STATUSES).nullable(),
  reason: z.string().nullable(),
  issuedAt: z.string(),
  /** The issue date in the workshop's time zone (YYYY-MM-DD). */
  issuedOn: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** One document with its lines, payments and the credit notes that correct it. */
export const invoiceSchema = invoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  creditNotes: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      subtotalCents: z.number().int(),
      taxCents: z.number().int(),
      totalCents: z.number().int(),
      reason: z.string().nullable(),
      issuedAt: z.string(),
    }),
  ),
  /** What a credit note may still take off, before tax (0 for a credit note). */
  creditableCents: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
