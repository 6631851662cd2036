import { z } from 'zod';
import {
  CATALOGUE_SERVICES,
  DURATION_UNITS,
  MAX_DURATION,
  MAX_RESOURCE_COUNT,
  WORKSHOP_RESOURCES,
  type WorkshopResource,
} from '../workshop-capacity';

export const WORKSHOP_SETTINGS_MESSAGES = {
  count: `Enter a whole number from 1 to ${MAX_RESOURCE_COUNT}`,
  amount: 'Enter a whole number of hours or days',
  hoursTooLong: `An hourly job must fit in one day: at most ${MAX_DURATION.hours} hours`,
  daysTooLong: `A job can take at most ${MAX_DURATION.days} working days`,
  unit: 'Choose hours or working days',
  resource: 'Choose a service bay, body bay or paint booth',
  unknownService: 'Unknown service',
  duplicateService: 'Each service may appear once',
  hourlyRate: 'Enter the hourly rate in dollars and cents, from $0.00 to $99,999.99',
  taxRate: 'Enter the tax rate as a percentage from 0 to 100 with at most two decimals',
} as const;

const count = z.number({ error: WORKSHOP_SETTINGS_MESSAGES.count }).int(WORKSHOP_SETTINGS_MESSAGES.count)
  .min(1, WORKSHOP_SETTINGS_MESSAGES.count)
  .max(MAX_RESOURCE_COUNT, WORKSHOP_SETTINGS_MESSAGES.count);

const knownServices = new Set(CATALOGUE_SERVICES.map((s) => s.specificService));

export const serviceDurationSettingSchema = z
  .object({
    specificService: z.string({ error: WORKSHOP_SETTINGS_MESSAGES.unknownService }).refine((s) => knownServices.has(s), {
      message: WORKSHOP_SETTINGS_MESSAGES.unknownService,
    }),
    unit: z.enum(DURATION_UNITS, { error: WORKSHOP_SETTINGS_MESSAGES.unit }),
    amount: z.number({ error: WORKSHOP_SETTINGS_MESSAGES.amount }).int(WORKSHOP_SETTINGS_MESSAGES.amount).min(1, WORKSHOP_SETTINGS_MESSAGES.amount),
    resource: z.enum(WORKSHOP_RESOURCES, { error: WORKSHOP_SETTINGS_MESSAGES.resource }),
  })
  .superRefine((v, issue) => {
    if (v.unit === 'hours' && v.amount > MAX_DURATION.hours)
      issue.addIssue({ code: 'custom', path: ['amount'], message: WORKSHOP_SETTINGS_MESSAGES.hoursTooLong });
    if (v.unit === 'days' && v.amount > MAX_DURATION.days)
      issue.addIssue({ code: 'custom', path: ['amount'], message: WORKSHOP_SETTINGS_MESSAGES.daysTooLong });
  });
export type ServiceDurationSetting = z.infer<typeof serviceDurationSettingSchema>;

export const workshopResourceCountsSchema = z.object({ serviceBays: count, bodyBays: count, paintBooths: count });
export type WorkshopResourceCounts = z.infer<typeof workshopResourceCountsSchema>;

/** Which count holds how many of each resource the workshop has. */
export const RESOURCE_COUNT_FIELD: Record<WorkshopResource, keyof WorkshopResourceCounts> = {
  'Service bay': 'serviceBays',
  'Body bay': 'bodyBays',
  'Paint booth': 'paintBooths',
};

/** What estimates charge (issue 27): an hour of labour in cents, and the tax in basis points (825 = 8.25 %). */
export const workshopRatesSchema = z.object({
  hourlyRateCents: z
    .number({ error: WORKSHOP_SETTINGS_MESSAGES.hourlyRate })
    .int(WORKSHOP_SETTINGS_MESSAGES.hourlyRate)
    .min(0, WORKSHOP_SETTINGS_MESSAGES.hourlyRate)
    .max(9_999_999, WORKSHOP_SETTINGS_MESSAGES.hourlyRate),
  taxRateBasisPoints: z
    .number({ error: WORKSHOP_SETTINGS_MESSAGES.taxRate })
    .int(WORKSHOP_SETTINGS_MESSAGES.taxRate)
    .min(0, WORKSHOP_SETTINGS_MESSAGES.taxRate)
    .max(10_000, WORKSHOP_SETTINGS_MESSAGES.taxRate),
});
export type WorkshopRates = z.infer<typeof workshopRatesSchema>;

/**
 * PUT api/admin/workshop/settings: the number of each place, the services whose duration changes (others
 * keep theirs) and, when sent, the estimate rates (absent: unchanged).
 */
export const workshopSettingsUpdateSchema = z.object({
  resources: workshopResourceCountsSchema,
  rates: workshopRatesSchema.optional(),
  services: z
    .array(serviceDurationSettingSchema)
    .max(CATALOGUE_SERVICES.length)
    .refine((list) => new Set(list.map((s) => s.specificService)).size === list.length, {
      message: WORKSHOP_SETTINGS_MESSAGES.duplicateService,
    }),
});
export type WorkshopSettingsUpdate = z.infer<typeof workshopSettingsUpdateSchema>;

/** GET api/maintenance/availability and its month form: which service the calendar is for (none: a one-hour service bay job). */
export const serviceQueryField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().refine((s) => knownServices.has(s), { message: WORKSHOP_SETTINGS_MESSAGES.unknownService }).optional(),
);
