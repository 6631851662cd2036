import { z } from 'zod';
import { storableString } from './text';
import { vehicleListQuerySchema } from './vehicle';

/** How often a saved search's e-mail goes out: at the next check after a match, once a day, once a week. */
export const SAVED_SEARCH_FREQUENCIES = ['Instantly', 'Daily', 'Weekly'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

export const SAVED_SEARCH_LIMITS = { nameMax: 80, perAccount: 50 } as const;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Please enter a name for this search',
  nameTooLong: `Must be at most ${SAVED_SEARCH_LIMITS.nameMax} characters.`,
  frequency: 'Choose how often: Instantly, Daily or Weekly',
  nothingToChange: 'Nothing to change',
  tooMany: `You can keep at most ${SAVED_SEARCH_LIMITS.perAccount} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  created: 'Search saved',
  updated: 'Saved search updated',
  deleted: 'Saved search deleted',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will get no more of these e-mails.',
} as const;

/**
 * The filters a saved search keeps: the public list's own filters (as the URL carries them), parsed by
 * the list's schema, never the raw query. Page, page size and sort are how a list is shown, not what
 * it finds; status is the staff's filter.
 */
export const savedSearchFiltersSchema = vehicleListQuerySchema.omit({ page: true, limit: true, sort: true, status: true });
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;
/** The filter names a saved search keeps, as the list's URL spells them. */
export const SAVED_SEARCH_FILTER_KEYS = Object.keys(savedSearchFiltersSchema.shape) as (keyof SavedSearchFilters)[];

const nameSchema = storableString({ error: SAVED_SEARCH_MESSAGES.nameRequired })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
  .max(SAVED_SEARCH_LIMITS.nameMax, SAVED_SEARCH_MESSAGES.nameTooLong);
const frequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: SAVED_SEARCH_MESSAGES.frequency });

/** POST api/account/saved-searches */
export const savedSearchCreateSchema = z.object({
  name: nameSchema,
  frequency: frequencySchema,
  filters: savedSearchFiltersSchema.default({}),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** PATCH api/account/saved-searches/:id: rename, change how often, turn its e-mails on or off. */
export const savedSearchUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    frequency: frequencySchema.optional(),
    emailsEnabled: z.boolean({ error: 'emailsEnabled must be true or false' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.frequency !== undefined || v.emailsEnabled !== undefined, SAVED_SEARCH_MESSAGES.nothingToChange);
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

export const savedSearchParamsSchema = z.object({ id: z.string() });

/** POST api/saved-searches/unsubscribe: the token of an e-mail's unsubscribe link (query or body). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: SAVED_SEARCH_MESSAGES.unsubscribeInvalid }).min(1, SAVED_SEARCH_MESSAGES.unsubscribeInvalid).max(300, SAVED_SEARCH_MESSAGES.unsubscribeInvalid),
});

/** Saved cars: at most this many per account. */
export const SAVED_VEHICLES_MAX = 200;
export const SAVED_VEHICLE_MESSAGES = {
  notFound: 'Vehicle not found',
  tooMany: `You can save at most ${SAVED_VEHICLES_MAX} vehicles. Remove one to save another.`,
  ids: 'vehicleIds must be a list of vehicle ids',
} as const;

/** POST api/account/saved-vehicles/merge: the ids saved on this device, oldest first. */
export const savedVehiclesMergeSchema = z.object({
  vehicleIds: z.array(z.string({ error: SAVED_VEHICLE_MESSAGES.ids }).max(64, SAVED_VEHICLE_MESSAGES.ids), { error: SAVED_VEHICLE_MESSAGES.ids }).max(SAVED_VEHICLES_MAX, SAVED_VEHICLE_MESSAGES.tooMany),
});

/** GET api/vehicles/price-guide: the car a seller is listing. */
export const priceGuideQuerySchema = z.object({
  make: storableString({ error: 'Make is required' }).trim().min(1, 'Make is required').max(60, 'Must be at most 60 characters.'),
  model: storableString({ error: 'Model is required' }).trim().min(1, 'Model is required').max(60, 'Must be at most 60 characters.'),
  year: z.coerce.number({ error: 'Year must be a valid year' }).int('Year must be a valid year').min(1900, 'Year must be a valid year').max(2100, 'Year must be a valid year'),
});
export type PriceGuideQuery = z.input<typeof priceGuideQuerySchema>;

/** A price guide needs this many comparable public listings (same make and model, year within PRICE_GUIDE_YEARS). */
export const PRICE_GUIDE_MIN_COMPARABLES = 5;
export const PRICE_GUIDE_YEARS = 2;
/** How long the vehicle page says the price dropped. */
export const PRICE_DROP_SHOWN_DAYS = 14;
