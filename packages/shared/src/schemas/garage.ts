import { z } from 'zod';
import { LIMITS } from '../constants';
import { GARAGE_LIMITS } from '../money-loop';
import { cleanText, storableString } from './text';
import { vinSchema } from './vin';

// My Garage: the customer's vehicles, as they add and edit them (the booking's vehicle fields, plus an
// optional VIN and the mileage they last read).

export const GARAGE_MESSAGES = {
  make: 'Vehicle make is required',
  model: 'Vehicle model is required',
  year: 'Vehicle year is required',
  yearRange: (max: number) => `Vehicle year must be between ${LIMITS.vehicleYearMin} and ${max}`,
  registration: 'Registration number is required',
  registrationCharacters: 'Registration number must contain letters or digits',
  mileage: 'Mileage must be a whole number of miles',
  mileageRange: `Mileage must be between 0 and ${GARAGE_LIMITS.mileageMax.toLocaleString('en-US')} miles`,
  notFound: 'Vehicle not found in your garage',
  duplicate: 'A vehicle with this registration is already in your garage',
  full: `Your garage holds at most ${GARAGE_LIMITS.vehiclesMax} vehicles. Remove one before adding another.`,
} as const;

const M = GARAGE_MESSAGES;

/**
 * The key a registration is compared by: capitals and digits only ('ab-12 cde' and 'AB12CDE' are one
 * car). The workshop's check-ins keep the same key, so a vehicle finds its odometer readings.
 */
export const registrationKeyOf = (registration: string) => registration.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Blank text (or null) means absent. */
const blank = (v: unknown) => (typeof v === 'string' ? cleanText(v) || undefined : v === null ? undefined : v);

const text = (message: string, max: number) =>
  storableString({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

/** Next year's models are on the road before the year begins. */
const latestYear = () => new Date().getFullYear() + 1;

const yearSchema = z
  .union([z.string(), z.number()], { error: M.year })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', M.year)
  .refine((v) => /^\d{4}$/.test(v), M.year)
  .refine((v) => Number(v) >= LIMITS.vehicleYearMin && Number(v) <= latestYear(), { message: M.yearRange(latestYear()), abort: true });

const mileageSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (cleanText(v) === '' ? undefined : Number(v.replace(/,/g, ''))) : blank(v)),
  z.number({ error: M.mileage }).int(M.mileage).min(0, M.mileageRange).max(GARAGE_LIMITS.mileageMax, M.mileageRange).optional(),
);

/** POST api/account/garage and PUT api/account/garage/{id}: the vehicle as the customer gives it. */
export const garageVehicleInputSchema = z.object({
  make: text(M.make, 60),
  model: text(M.model, 60),
  year: yearSchema,
  // The booking's own bounds, so a garage vehicle always fills the booking wizard's fields.
  registration: text(M.registration, 20).refine((v) => registrationKeyOf(v).length > 0, M.registrationCharacters),
  vin: z.preprocess(blank, vinSchema.optional()),
  mileage: mileageSchema,
});
export type GarageVehicleInput = z.input<typeof garageVehicleInputSchema>;
export type GarageVehicleFields = z.output<typeof garageVehicleInputSchema>;
