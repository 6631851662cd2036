import { z } from 'zod';
import {
  TRADE_IN_CONDITIONS,
  TRADE_IN_LIMITS,
  TRADE_IN_MESSAGES,
  TRADE_IN_STATUSES,
  type TradeInConditionField,
} from '../trade-ins';
import { cleanText, storableString } from './text';
import { vehicleYearSchema } from './vehicle';
import { vinSchema } from './vin';

// Trade-ins: what a customer sends about their car, and the offer the sales team answers with.

const M = TRADE_IN_MESSAGES;
/** Form inputs arrive as strings (multipart); blank means absent. */
const blank = (v: unknown) => (typeof v === 'string' ? cleanText(v) || undefined : v === null ? undefined : v);

/** A registration plate as compared: letters and digits in capitals, without spaces or dashes. */
export const normalizeRegistration = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');

const registrationSchema = z
  .string({ error: M.registration })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, M.registration)
  .transform(normalizeRegistration)
  .refine((v) => v.length >= TRADE_IN_LIMITS.registrationMin && v.length <= TRADE_IN_LIMITS.registrationMax, M.registration);

const requiredText = (message: string, max: number) =>
  storableString({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

/** Mileage: required, whole miles, within the listing form's bounds. */
const mileageSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/,/g, ''))) : blank(v)),
  z
    .number({ error: M.mileage })
    .int(M.mileageWhole)
    .min(0, M.mileageRange)
    .max(TRADE_IN_LIMITS.mileageMax, M.mileageTooHigh),
);

function conditionSchema<F extends TradeInConditionField>(field: F) {
  const answers = Object.keys(TRADE_IN_CONDITIONS[field].answers) as [string, ...string[]];
  const message = M.condition(TRADE_IN_CONDITIONS[field].label);
  return z.preprocess(blank, z.enum(answers, { error: message }));
}

/**
 * POST api/trade-ins: the customer's car (multipart with up to 10 `images`, or JSON without photos).
 * A VIN (ISO 3779, check digit included) or a registration plate names it; `vehicleId` is the car on
 * sale whose page the form was sent from, when it was.
 */
export const tradeInCreateSchema = z
  .object({
    vin: z.preprocess(blank, vinSchema.optional()),
    registration: z.preprocess(blank, registrationSchema.optional()),
    make: requiredText(M.make, TRADE_IN_LIMITS.makeMax),
    model: requiredText(M.model, TRADE_IN_LIMITS.modelMax),
    year: vehicleYearSchema,
    mileage: mileageSchema,
    accidentHistory: conditionSchema('accidentHistory'),
    serviceHistory: conditionSchema('serviceHistory'),
    keys: conditionSchema('keys'),
    warningLights: conditionSchema('warningLights'),
    tyres: conditionSchema('tyres'),
    bodywork: conditionSchema('bodywork'),
    notes: z.preprocess(blank, storableString().max(TRADE_IN_LIMITS.notesMax, M.notesTooLong).optional()),
    vehicleId: z.preprocess(blank, z.uuid(M.vehicleNotFound).optional()),
  })
  // Checked even when other fields are wrong, so the form shows every message at once.
  .refine((value) => Boolean(value.vin || value.registration), { path: ['vin'], message: M.identify, when: () => true });
export type TradeInCreateInput = z.input<typeof tradeInCreateSchema>;
export type TradeInCreate = z.output<typeof tradeInCreateSchema>;

/** POST api/admin/trade-ins/{id}/offer: an amount in cents, when it expires (in the future), a note for the customer. */
export const tradeInOfferSchema = z.object({
  amountCents: z
    .number({ error: M.amount })
    .int(M.amount)
    .min(100, M.amountRange)
    .max(TRADE_IN_LIMITS.offerMaxDollars * 100, M.amountRange),
  expiresAt: z.iso.datetime({ offset: true, error: M.expiresAt }),
  note: z.preprocess(blank, storableString().max(TRADE_IN_LIMITS.offerNoteMax, M.offerNoteTooLong).optional()),
});
export type TradeInOfferInput = z.input<typeof tradeInOfferSchema>;

const pageField = z.coerce.number({ error: 'Page must be a whole number of 1 or more' }).int('Page must be a whole number of 1 or more').min(1, 'Page must be a whole number of 1 or more').default(1);

/** GET api/admin/trade-ins: newest first, by status (Expired: offers past their expiry). */
export const tradeInListQuerySchema = z.object({
  page: pageField,
  status: z.enum(TRADE_IN_STATUSES, { error: M.status }).optional(),
});
export type TradeInListQuery = z.input<typeof tradeInListQuerySchema>;
