import { z } from 'zod';
import { CATALOGUE_SERVICES } from '../workshop-capacity';

// Reminders that bring customers back (issue 27, item 7): each service's interval as the admin sets
// it, the customer's choice to receive reminders, and the e-mail's unsubscribe link.

export const REMINDER_LIMITS = { monthsMax: 120, milesMax: 200_000 } as const;

export const REMINDER_MESSAGES = {
  months: `Enter whole months from 1 to ${REMINDER_LIMITS.monthsMax}, or leave it empty`,
  miles: `Enter whole miles from 1 to ${REMINDER_LIMITS.milesMax.toLocaleString('en-US')}, or leave it empty`,
  unknownService: 'Unknown service',
  duplicateService: 'Each service may appear once',
  intervalsSaved: 'Service intervals saved',
  remindersEnabled: 'remindersEnabled must be true or false',
  remindersOn: 'Service reminders are on',
  remindersOff: 'Service reminders are off',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will get no more service reminder e-mails.',
} as const;

/** An interval: months, miles or both (whichever comes first); neither means no reminder for the service. */
export interface ServiceIntervalValue {
  months: number | null;
  miles: number | null;
}

/**
 * The workshop's starting intervals for common services (the demo's and a new workshop's suggestion);
 * services not named have no reminder until the admin sets one.
 */
export const DEFAULT_SERVICE_INTERVALS: Readonly<Record<string, ServiceIntervalValue>> = {
  'Oil Change': { months: 6, miles: 5_000 },
  'Filter Replacement': { months: 12, miles: 12_000 },
  'Fluid Check': { months: 6, miles: null },
  'Tire Rotation': { months: 6, miles: 6_000 },
  'Brake Inspection': { months: 12, miles: 12_000 },
  'Transmission Service': { months: 36, miles: 30_000 },
  'Battery Service': { months: 24, miles: null },
};

const knownServices = new Set(CATALOGUE_SERVICES.map((s) => s.specificService));

/** A whole number in range, or null (an empty field). */
const optionalWhole = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message).nullable();

export const serviceIntervalSettingSchema = z.object({
  specificService: z.string({ error: REMINDER_MESSAGES.unknownService }).refine((s) => knownServices.has(s), {
    message: REMINDER_MESSAGES.unknownService,
  }),
  months: optionalWhole(REMINDER_LIMITS.monthsMax, REMINDER_MESSAGES.months),
  miles: optionalWhole(REMINDER_LIMITS.milesMax, REMINDER_MESSAGES.miles),
});
export type ServiceIntervalSetting = z.infer<typeof serviceIntervalSettingSchema>;

/**
 * PUT api/admin/workshop/service-intervals: every service's interval; a service not sent, or sent with
 * neither months nor miles, has no reminder.
 */
export const serviceIntervalsUpdateSchema = z.object({
  intervals: z
    .array(serviceIntervalSettingSchema)
    .max(CATALOGUE_SERVICES.length)
    .refine((list) => new Set(list.map((s) => s.specificService)).size === list.length, {
      message: REMINDER_MESSAGES.duplicateService,
    }),
});
export type ServiceIntervalsUpdate = z.infer<typeof serviceIntervalsUpdateSchema>;

/** PUT api/account/reminders: turn service reminder e-mails on or off. */
export const reminderPreferenceUpdateSchema = z.object({
  remindersEnabled: z.boolean({ error: REMINDER_MESSAGES.remindersEnabled }),
});
export type ReminderPreferenceUpdate = z.infer<typeof reminderPreferenceUpdateSchema>;

/** POST api/reminders/unsubscribe?token=: the e-mail's link token. */
export const reminderUnsubscribeQuerySchema = z.object({ token: z.string().max(200).default('') });
