import { z } from 'zod';
import { LEAD_LIMITS, LEAD_MESSAGES, LEAD_SOURCES, LEAD_STATUSES, CONTACT_CHANNELS, LEADS_PAGE_SIZE } from '../leads';
import { storableString } from './text';

// Leads: what a visitor asks about a car (a question, a test drive, an offer) and how sales answers it.

const requiredText = (message: string, max: number, tooLong: string, min = 1) =>
  storableString({ error: message }).trim().min(min, message).max(max, tooLong);

const offerDollars = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.replace(/[$,\s]/g, '') : v),
  z.coerce
    .number({ error: LEAD_MESSAGES.offer })
    .int(LEAD_MESSAGES.offer)
    .min(1, LEAD_MESSAGES.offerRange)
    .max(LEAD_LIMITS.offerMax, LEAD_MESSAGES.offerRange)
    .optional(),
);

/**
 * POST api/vehicles/{id}/leads: a question, a test-drive request or an offer (whole dollars), from anyone.
 * `website` is a field people never see (a honeypot): a form that fills it is a robot's.
 */
export const leadEnquirySchema = z
  .object({
    source: z.enum(LEAD_SOURCES, { error: LEAD_MESSAGES.source }),
    name: requiredText(LEAD_MESSAGES.name, LEAD_LIMITS.nameMax, LEAD_MESSAGES.nameTooLong, LEAD_LIMITS.nameMin),
    email: z.string({ error: LEAD_MESSAGES.email }).trim().pipe(z.email(LEAD_MESSAGES.email).max(254, LEAD_MESSAGES.email)),
    phone: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      storableString({ error: LEAD_MESSAGES.phone })
        .trim()
        .min(LEAD_LIMITS.phoneMin, LEAD_MESSAGES.phone)
        .max(LEAD_LIMITS.phoneMax, LEAD_MESSAGES.phone)
        .regex(/^[0-9+()\-. ]+$/, LEAD_MESSAGES.phone)
        .optional(),
    ),
    message: z.preprocess((v) => v ?? '', storableString({ error: LEAD_MESSAGES.message }).trim().max(LEAD_LIMITS.messageMax, LEAD_MESSAGES.messageTooLong)),
    offerDollars,
    website: z.string().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.source === 'question' && value.message === '') ctx.addIssue({ code: 'custom', path: ['message'], message: LEAD_MESSAGES.message });
    if (value.source === 'offer' && value.offerDollars === undefined) ctx.addIssue({ code: 'custom', path: ['offerDollars'], message: LEAD_MESSAGES.offer });
  });
export type LeadEnquiryInput = z.input<typeof leadEnquirySchema>;
export type LeadEnquiry = z.output<typeof leadEnquirySchema>;

/** POST api/vehicles/{id}/contact-clicks */
export const contactClickSchema = z.object({ channel: z.enum(CONTACT_CHANNELS, { error: LEAD_MESSAGES.channel }) });

const pageField = z.coerce.number({ error: 'Page must be a whole number of 1 or more' }).int('Page must be a whole number of 1 or more').min(1, 'Page must be a whole number of 1 or more').default(1);
const limitField = z.coerce.number({ error: 'Limit must be between 1 and 100' }).int('Limit must be between 1 and 100').min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100').default(LEADS_PAGE_SIZE);

/** GET api/admin/leads: filters as the URL keeps them; `owner` is a user id or `none` (no owner yet). */
export const leadListQuerySchema = z.object({
  page: pageField,
  limit: limitField,
  status: z.enum(LEAD_STATUSES, { error: LEAD_MESSAGES.status }).optional(),
  owner: z.union([z.literal('none'), z.uuid('Owner must be a user id or none')], { error: 'Owner must be a user id or none' }).optional(),
  overdue: z.enum(['true', 'false'], { error: 'Overdue must be true or false' }).transform((v) => v === 'true').optional(),
  vehicleId: z.uuid('Vehicle must be a vehicle id').optional(),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

/** PATCH api/admin/leads/{id}: move the lead on, or give it to a sales user (null: nobody). */
export const leadUpdateSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: LEAD_MESSAGES.status }).optional(),
    lostReason: z.preprocess((v) => v ?? undefined, storableString({ error: LEAD_MESSAGES.lostReason }).trim().max(LEAD_LIMITS.lostReasonMax, LEAD_MESSAGES.lostReasonTooLong).optional()),
    ownerId: z.uuid(LEAD_MESSAGES.owner).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'Lost' && !value.lostReason) ctx.addIssue({ code: 'custom', path: ['lostReason'], message: LEAD_MESSAGES.lostReason });
    if (value.status === undefined && value.ownerId === undefined) ctx.addIssue({ code: 'custom', path: ['status'], message: LEAD_MESSAGES.nothingToChange });
  });
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;

/** POST api/admin/leads/{id}/notes */
export const leadNoteSchema = z.object({ text: requiredText(LEAD_MESSAGES.note, LEAD_LIMITS.noteMax, LEAD_MESSAGES.noteTooLong) });
/** POST api/admin/leads/{id}/replies: e-mailed to the customer and kept in the lead's history. */
export const leadReplySchema = z.object({ message: requiredText(LEAD_MESSAGES.reply, LEAD_LIMITS.replyMax, LEAD_MESSAGES.replyTooLong) });
