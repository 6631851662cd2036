import { z } from 'zod';
import { ESTIMATE_LINE_DECISIONS, ESTIMATE_LINE_KINDS, ESTIMATE_STATUSES, INSPECTION_CONDITIONS } from '../money-loop';
import { vehicleImageSchema } from './vehicles';

/** A finding of the job's inspection, as shown beside the line that answers it. */
export const estimateFindingSchema = z.object({
  _id: z.string(),
  label: z.string(),
  condition: z.enum(INSPECTION_CONDITIONS).nullable(),
  note: z.string().nullable(),
  photos: z.array(vehicleImageSchema),
});
export type EstimateFinding = z.infer<typeof estimateFindingSchema>;

/** Sums in cents, computed by the server (decision 026): tax once on the subtotal. */
export const estimateTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type EstimateTotals = z.infer<typeof estimateTotalsSchema>;

export const estimateLineSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  kind: z.enum(ESTIMATE_LINE_KINDS),
  description: z.string(),
  quantityHundredths: z.number().int().describe('Hours or units in hundredths (1.5 h = 150)'),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  decision: z.enum(ESTIMATE_LINE_DECISIONS).nullable(),
  finding: estimateFindingSchema.nullable(),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

/** An estimate as its customer sees it (through their account or the e-mailed link). */
export const estimateSchema = z.object({
  _id: z.string(),
  appointmentId: z.string(),
  status: z.enum(ESTIMATE_STATUSES),
  version: z.number().int(),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.string(), registration: z.string() }),
  customerName: z.string(),
  specificService: z.string(),
  appointmentDate: z.string(),
  lines: z.array(estimateLineSchema),
  taxRateBasisPoints: z.number().int(),
  /** Every line. */
  totals: estimateTotalsSchema,
  /** The approved lines, with tax: null until decided. */
  approved: estimateTotalsSchema.nullable(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedName: z.string().nullable(),
});
export type Estimate = z.infer<typeof estimateSchema>;

/** An estimate in the customer's list. */
export const estimateSummarySchema = estimateSchema.pick({
  _id: true,
  status: true,
  vehicle: true,
  specificService: true,
  appointmentDate: true,
  totals: true,
  approved: true,
  sentAt: true,
  decidedAt: true,
});
export type EstimateSummary = z.infer<typeof estimateSummarySchema>;

/** GET api/workshop/jobs/{id}/estimate: the job's estimate (null before the first save), its findings and the rates. */
export const estimateEditorSchema = z.object({
  appointmentId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.string(), registration: z.string() }),
  specificService: z.string(),
  stage: z.string().nullable(),
  estimate: estimateSchema
    .extend({
      updatedAt: z.string(),
      sentBy: z.string().nullable().describe('The name of the advisor who last sent it'),
      decidedIp: z.string().nullable(),
    })
    .nullable(),
  findings: z.array(estimateFindingSchema),
  hourlyRateCents: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  /** Whether the caller may change and send it (advisors and admins, while the job is open). */
  editable: z.boolean(),
});
export type EstimateEditor = z.infer<typeof estimateEditorSchema>;
