// The workshop's money loop (issue 27): inspection, estimate, invoice, garage and reminders. Constants
// without zod, so screens read them without loading a schema; the zod shapes live in schemas/ and
// responses/ beside the other domains'.

/** What a technician may find on one checklist item. */
export const INSPECTION_CONDITIONS = ['Good', 'Needs attention soon', 'Needs attention now'] as const;
export type InspectionCondition = (typeof INSPECTION_CONDITIONS)[number];

/** The checklist every inspection starts from; the technician may add free items after these. */
export const INSPECTION_CHECKLIST = [
  'Tyres',
  'Brakes',
  'Fluids',
  'Lights',
  'Battery',
  'Wipers',
  'Suspension',
  'Leaks',
] as const;

export const INSPECTION_LIMITS = { itemsMax: 40, labelMax: 80, noteMax: 1000, photosPerItemMax: 6 } as const;

/** An estimate line: labour (hours x the hourly rate), a part (quantity x unit price) or a fee. */
export const ESTIMATE_LINE_KINDS = ['Labour', 'Part', 'Fee'] as const;
export type EstimateLineKind = (typeof ESTIMATE_LINE_KINDS)[number];

/**
 * Draft: the advisor is writing it. Sent: the customer may decide (an edit returns it to Draft, and it
 * must be sent again). Decided: the customer approved or declined every line; nothing changes after.
 */
export const ESTIMATE_STATUSES = ['Draft', 'Sent', 'Decided'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

export const ESTIMATE_LINE_DECISIONS = ['Approved', 'Declined'] as const;
export type EstimateLineDecision = (typeof ESTIMATE_LINE_DECISIONS)[number];

/** Quantities are kept in hundredths (1.5 hours = 150), so every amount is an exact integer of cents. */
export const QUANTITY_SCALE = 100;

export const ESTIMATE_LIMITS = {
  linesMax: 60,
  descriptionMax: 200,
  /** 9,999.99 hours or units. */
  quantityHundredthsMax: 999_999,
  /** $99,999.99 a unit or an hour. */
  unitPriceCentsMax: 9_999_999,
  /** 100.00 % in basis points. */
  taxRateBasisPointsMax: 10_000,
  /** How long an e-mailed decision link works. */
  linkDays: 7,
} as const;

export const INVOICE_KINDS = ['Invoice', 'Credit note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const PAYMENT_METHODS = ['Cash', 'Card', 'Bank transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const REMINDER_KINDS = ['Service due', 'Recommended work'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Declined work is offered again this many days after the customer's decision. */
export const RECOMMENDED_WORK_REMINDER_DAYS = 30;

export const GARAGE_LIMITS = { vehiclesMax: 20, mileageMax: 2_000_000 } as const;
