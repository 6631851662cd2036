import { z } from 'zod';

export const savedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  frequency: z.enum(['Instantly', 'Daily', 'Weekly']),
  emailsEnabled: z.boolean(),
  /** The list filters as the URL spells them (strings), ready to open the list again. */
  filters: z.record(z.string(), z.string()),
  createdAt: z.string(),
  lastDigestAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedVehicleIdsSchema = z.object({
  /** Oldest saved first, as the device keeps them. */
  vehicleIds: z.array(z.string()),
});
export type SavedVehicleIds = z.infer<typeof savedVehicleIdsSchema>;

export const unsubscribedSchema = z.object({ unsubscribed: z.number().int().describe('How many saved searches no longer e-mail') });

/** What comparable public listings cost: null figures when there are fewer than the minimum. */
export const priceGuideSchema = z.object({
  comparables: z.number().int(),
  low: z.number().nullable().describe('25th percentile, whole dollars'),
  median: z.number().nullable(),
  high: z.number().nullable().describe('75th percentile, whole dollars'),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;

/** The listing's latest price change, when it was a drop within the days the page shows it. */
export const priceDropSchema = z.object({ amount: z.number(), changedAt: z.string() });
export type PriceDrop = z.infer<typeof priceDropSchema>;
