import { z } from 'zod';
import { isCalendarDate } from '../calendar-day';
import { PAYMENT_METHODS } from '../money-loop';
import { cleanText, storableString } from './text';

// Invoices: what staff send when they record a payment or write a credit note, and the list's filter.

export const INVOICE_LIMITS = {
  /** $999,999.99: more than any one job is invoiced. */
  amountCentsMax: 99_999_999,
  reasonMax: 500,
  pageSize: 20,
} as const;

/** An invoice is Paid once its balance (total, less credit notes and payments) is nothing. */
export const INVOICE_PAYMENT_STATUSES = ['Unpaid', 'Paid'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
  method: `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}`,
  amount: 'Amount must be a whole number of cents',
  amountPositive: 'Amount must be more than 0',
  amountTooHigh: 'Amount is too high',
  paidOn: 'Payment date must be a date (YYYY-MM-DD)',
  paidOnFuture: 'Payment date cannot be in the future',
  aboveBalance: (balance: string) => `The payment is more than the balance of ${balance}`,
  alreadyPaid: 'This invoice is already paid',
  paymentOnCreditNote: 'A payment is recorded against an invoice, not a credit note',
  reason: 'Give the reason for the credit note',
  reasonTooLong: `Reason must be at most ${INVOICE_LIMITS.reasonMax} characters`,
  creditOnCreditNote: 'A credit note corrects an invoice, not another credit note',
  aboveCreditable: (left: string) => `The credit note is more than what is left to credit (${left} before tax)`,
  nothingToCredit: 'Nothing is left to credit on this invoice',
  status: `Status must be one of: ${INVOICE_PAYMENT_STATUSES.join(', ')}`,
  page: 'Page must be a whole number of 1 or more',
} as const;

const M = INVOICE_MESSAGES;
const blank = (v: unknown) => (typeof v === 'string' ? cleanText(v) || undefined : v === null ? undefined : v);

const amountCents = z
  .number({ error: M.amount })
  .int(M.amount)
  .min(1, M.amountPositive)
  .max(INVOICE_LIMITS.amountCentsMax, M.amountTooHigh);

/** A payment staff took: how, how much (cents) and on which day (the workshop's date, not in the future). */
export const paymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: M.method }),
  amountCents,
  // A day of the calendar: an ISO date alone would let year 0000 through, which PostgreSQL has not.
  paidOn: z.iso.date({ error: M.paidOn }).refine(isCalendarDate, M.paidOn),
});
export type PaymentInput = z.input<typeof paymentSchema>;

/** A credit note: the amount before tax to take off the invoice (tax follows at the invoice's rate), and why. */
export const creditNoteSchema = z.object({
  amountCents,
  reason: z.preprocess(blank, storableString({ error: M.reason }).max(INVOICE_LIMITS.reasonMax, M.reasonTooLong)),
});
export type CreditNoteInput = z.input<typeof creditNoteSchema>;
export type CreditNote = z.output<typeof creditNoteSchema>;

const pageField = z.coerce.number({ error: M.page }).int(M.page).min(1, M.page).default(1);

export const invoiceListQuerySchema = z.object({
  page: pageField,
  status: z.enum(INVOICE_PAYMENT_STATUSES, { error: M.status }).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
