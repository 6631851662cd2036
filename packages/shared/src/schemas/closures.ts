import { z } from 'zod';
import { availabilityMonthQuerySchema, isoDateSchema } from './maintenance';
import { storableString } from './text';

export const CLOSURE_REASON_MAX = 200;

/** POST api/admin/closure-days */
export const closureDayCreateSchema = z.object({
  date: isoDateSchema,
  reason: storableString({ error: 'Please enter a reason' })
    .trim()
    .min(1, 'Please enter a reason')
    .max(CLOSURE_REASON_MAX, `Must be at most ${CLOSURE_REASON_MAX} characters.`),
});
export type ClosureDayCreate = z.input<typeof closureDayCreateSchema>;

/** GET api/closure-days: one month, or every closure day from today on when no month is given. */
export const closureDaysQuerySchema = z.object({
  month: z.preprocess((v) => (v === '' ? undefined : v), availabilityMonthQuerySchema.shape.month.optional()),
});

export const closureDayParamsSchema = z.object({ date: isoDateSchema });

/** Why a booking on a closure day is refused, naming the closure. */
export const closedDayMessage = (reason: string) => `The workshop is closed on this date (${reason}). Please choose another date.`;

/** How the calendar labels a closure day. */
export const closedDayLabel = (reason: string) => `Closed: ${reason}`;

