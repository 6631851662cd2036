import { z } from 'zod';
import { ESTIMATE_LIMITS, ESTIMATE_LINE_DECISIONS, ESTIMATE_LINE_KINDS, QUANTITY_SCALE } from '../money-loop';
import { storableString } from './text';

// Estimates (issue 27, decision 026): the advisor's lines, the customer's line-by-line decision, and
// the integer arithmetic both sides use (the server's figures are the ones kept; a screen recomputes
// a running total from the same integers, never from floating-point dollars).

/** The most one line, and one estimate with its tax, may come to (cents): within the appointment's cost column. */
export const ESTIMATE_AMOUNT_LIMITS = { lineCentsMax: 99_999_999, totalCentsMax: 999_999_999 } as const;

const dollars = (cents: number) => formatCents(cents);

export const ESTIMATE_MESSAGES = {
  kind: 'Choose Labour, Part or Fee',
  description: 'Describe the work or part',
  descriptionTooLong: `The description must be at most ${ESTIMATE_LIMITS.descriptionMax} characters`,
  quantity: 'Enter a quantity above 0 with at most two decimals',
  quantityTooHigh: `The quantity must be at most ${(ESTIMATE_LIMITS.quantityHundredthsMax / QUANTITY_SCALE).toLocaleString('en-US')}`,
  hours: 'Enter the hours above 0 with at most two decimals',
  unitPrice: 'Enter a price of $0.00 or more in dollars and cents',
  unitPriceTooHigh: `The price must be at most ${dollars(ESTIMATE_LIMITS.unitPriceCentsMax)}`,
  lineTooHigh: `One line can come to at most ${dollars(ESTIMATE_AMOUNT_LIMITS.lineCentsMax)}`,
  totalTooHigh: `An estimate can come to at most ${dollars(ESTIMATE_AMOUNT_LIMITS.totalCentsMax)} with tax`,
  finding: 'Choose a finding of this job’s inspection',
  noLines: 'Add at least one line',
  tooManyLines: `An estimate can have at most ${ESTIMATE_LIMITS.linesMax} lines`,
  version: 'The estimate version is missing',
  jobNotFound: 'Job not found',
  notFound: 'Estimate not found',
  noEstimate: 'This job has no estimate yet',
  jobClosed: 'This job is closed: its estimate can no longer change.',
  notCheckedIn: 'Check the car in before sending an estimate.',
  decidedLocked: 'The customer has decided this estimate: it can no longer be changed.',
  staleEdit: 'The estimate has changed since you opened it. Reload it and make your changes again.',
  noCustomerEmail: 'The booking has no e-mail address to send the estimate to.',
  decisionEach: 'Approve or decline every line',
  decisionUnknownLine: 'A decision names a line this estimate does not have',
  fullName: 'Type your full name to confirm',
  fullNameMismatch: (name: string) => `Type your full name as on the booking (${name}) to confirm`,
  fullNameTooLong: 'Your name must be at most 120 characters',
  alreadyDecided: 'This estimate has already been decided; the decision cannot be changed.',
  notSent: 'This estimate is not waiting for your decision.',
  changedSinceSent: 'The workshop has changed this estimate since it was sent. You will receive a new link when it is ready.',
  staleVersion: 'This estimate has changed since you opened it. Please review the new version before you decide.',
  linkInvalid: 'This link is not valid. Please use the link in the e-mail we sent you.',
  linkOtherEstimate: 'This link is for another estimate.',
  linkExpired: 'This link has expired. Please ask the workshop to send the estimate again.',
  linkOldVersion: 'The workshop has changed this estimate since this link was sent. Please use the link in the latest e-mail.',
  hourlyRate: 'Enter the hourly rate in dollars and cents, from $0.00 to $99,999.99',
  taxRate: 'Enter the tax rate as a percentage from 0 to 100 with at most two decimals',
} as const;

const M = ESTIMATE_MESSAGES;

/** round(quantityHundredths x unitPriceCents / 100), half up, in integers (decision 026). */
export function lineAmountCents(quantityHundredths: number, unitPriceCents: number): number {
  const scaled = BigInt(quantityHundredths) * BigInt(unitPriceCents) + 50n;
  return Number(scaled / 100n);
}

/** Tax on a subtotal: round(subtotal x basisPoints / 10000), half up, in integers, once on the subtotal. */
export function taxCentsOf(subtotalCents: number, basisPoints: number): number {
  return Number((BigInt(subtotalCents) * BigInt(basisPoints) + 5000n) / 10000n);
}

/** Subtotal, tax and total of some lines' amounts. */
export function estimateTotals(amounts: readonly number[], basisPoints: number) {
  const subtotalCents = amounts.reduce((sum, a) => sum + a, 0);
  const taxCents = taxCentsOf(subtotalCents, basisPoints);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** 123456 -> "$1,234.56", from the integer alone (no floating point). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** 150 -> "1.5", 200 -> "2", 125 -> "1.25" (hundredths as a decimal, no floating point). */
export function formatHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** "1.5" -> 150, "12" -> 1200, "$1,234.56" -> 123456; null when not a number with at most two decimals. */
export function parseHundredths(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text.replace(/[$,\s]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 825 -> "8.25 %". */
export const formatBasisPoints = (bp: number) => `${formatHundredths(bp)} %`;

const int = (message: string) => z.number({ error: message }).int(message);

/** One line as the advisor writes it. Labour's unit price is the workshop's hourly rate (the server sets it). */
export const estimateLineInputSchema = z
  .object({
    kind: z.enum(ESTIMATE_LINE_KINDS, { error: M.kind }),
    description: storableString({ error: M.description }).trim().min(1, M.description).max(ESTIMATE_LIMITS.descriptionMax, M.descriptionTooLong),
    quantityHundredths: int(M.quantity).min(1, M.quantity).max(ESTIMATE_LIMITS.quantityHundredthsMax, M.quantityTooHigh),
    unitPriceCents: int(M.unitPrice).min(0, M.unitPrice).max(ESTIMATE_LIMITS.unitPriceCentsMax, M.unitPriceTooHigh).optional(),
    inspectionItemId: z.uuid({ error: M.finding }).nullish(),
  })
  .superRefine((line, issue) => {
    if (line.kind !== 'Labour' && line.unitPriceCents === undefined) issue.addIssue({ code: 'custom', path: ['unitPriceCents'], message: M.unitPrice });
    if (line.unitPriceCents !== undefined && lineAmountCents(line.quantityHundredths, line.unitPriceCents) > ESTIMATE_AMOUNT_LIMITS.lineCentsMax)
      issue.addIssue({ code: 'custom', path: ['unitPriceCents'], message: M.lineTooHigh });
  });
export type EstimateLineInput = z.infer<typeof estimateLineInputSchema>;

/**
 * PUT api/workshop/jobs/{id}/estimate: the whole list of lines (replacing the last), and the version
 * and status the advisor saw (null: no estimate yet), so two advisors' edits do not overwrite each other.
 */
export const estimateSaveSchema = z.object({
  lines: z.array(estimateLineInputSchema, { error: M.noLines }).min(1, M.noLines).max(ESTIMATE_LIMITS.linesMax, M.tooManyLines),
  expectedUpdatedAt: z.string().nullable().optional(),
});
export type EstimateSave = z.infer<typeof estimateSaveSchema>;

const fullName = storableString({ error: M.fullName }).trim().min(1, M.fullName).max(120, M.fullNameTooLong);

/** The customer's decision: every line approved or declined, the version they saw, their typed full name. */
export const estimateDecisionSchema = z.object({
  version: int(M.version).min(1, M.version),
  decisions: z
    .array(z.object({ lineId: z.string({ error: M.decisionUnknownLine }), decision: z.enum(ESTIMATE_LINE_DECISIONS, { error: M.decisionEach }) }), {
      error: M.decisionEach,
    })
    .min(1, M.decisionEach)
    .max(ESTIMATE_LIMITS.linesMax, M.decisionEach),
  fullName,
});
export type EstimateDecisionInput = z.infer<typeof estimateDecisionSchema>;

/** The e-mailed link's token (from the page's address fragment). */
export const estimateLinkSchema = z.object({ token: z.string({ error: M.linkInvalid }).min(1, M.linkInvalid).max(300, M.linkInvalid) });
/** The decision through the e-mailed link: the token names the estimate and its version. */
export const estimateLinkDecisionSchema = estimateLinkSchema.extend({
  decisions: estimateDecisionSchema.shape.decisions,
  fullName,
});
export type EstimateLinkDecisionInput = z.infer<typeof estimateLinkDecisionSchema>;
