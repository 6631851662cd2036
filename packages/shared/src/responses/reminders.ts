import { z } from 'zod';

/** One catalogue service with its reminder interval (both null: no reminder for it). */
export const serviceIntervalSchema = z.object({
  maintenanceType: z.string(),
  specificService: z.string(),
  months: z.number().int().nullable(),
  miles: z.number().int().nullable(),
});
export type ServiceInterval = z.infer<typeof serviceIntervalSchema>;

/** GET and PUT api/admin/workshop/service-intervals: every catalogue service, in the catalogue's order. */
export const serviceIntervalsSchema = z.array(serviceIntervalSchema);

/** GET and PUT api/account/reminders */
export const reminderPreferenceSchema = z.object({ remindersEnabled: z.boolean() });
export type ReminderPreference = z.infer<typeof reminderPreferenceSchema>;

/** POST api/reminders/unsubscribe */
export const reminderUnsubscribedSchema = z.object({ remindersEnabled: z.literal(false) });
