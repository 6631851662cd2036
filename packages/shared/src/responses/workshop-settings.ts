import { z } from 'zod';
import { DURATION_UNITS, WORKSHOP_RESOURCES } from '../workshop-capacity';
import { workshopRatesSchema, workshopResourceCountsSchema } from '../schemas/workshop-settings';

/** One specific service with how long it takes and what it occupies. */
export const serviceDurationSchema = z.object({
  maintenanceType: z.string(),
  specificService: z.string(),
  unit: z.enum(DURATION_UNITS),
  amount: z.number(),
  resource: z.enum(WORKSHOP_RESOURCES),
});
export type ServiceDurationRow = z.infer<typeof serviceDurationSchema>;

/** GET api/maintenance/service-durations: every service's duration, for the services page and the wizard. */
export const serviceDurationsSchema = z.array(serviceDurationSchema);

/** GET and PUT api/admin/workshop/settings */
export const workshopSettingsSchema = z.object({
  resources: workshopResourceCountsSchema,
  services: serviceDurationsSchema,
  /** What estimates charge: defaults $90.00 an hour and no tax until an admin saves them. */
  rates: workshopRatesSchema,
});
export type WorkshopSettings = z.infer<typeof workshopSettingsSchema>;
