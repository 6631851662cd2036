import { z } from 'zod';

/** A day the workshop is closed (public holiday, training day): nothing can be booked on it. */
export const closureDaySchema = z.object({ date: z.string(), reason: z.string() });
export type ClosureDay = z.infer<typeof closureDaySchema>;

/** A closure day as the admin screen lists it. */
export const adminClosureDaySchema = closureDaySchema.extend({
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AdminClosureDay = z.infer<typeof adminClosureDaySchema>;
