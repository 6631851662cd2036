import { z } from 'zod';
import { storableString } from './text';

// Leads: what a visitor asks about a car (a question, a test drive, an offer) and how sales answers it.

export const LEAD_SOURCES = ['question', 'test-drive', 'offer'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  question: 'Question',
  'test-drive': 'Test drive',
  offer: 'Offer',
};
/** The button on the vehicle page that opens each form. */
export const LEAD_FORM_TITLES: Record<LeadSource, string> = {
  question: 'Ask a Question',
  'test-drive': 'Request a Test Drive',
  offer: 'Make an Offer',
};

export const LEAD_STATUSES = ['New', 'Contacted', 'Test drive booked', 'Negotiating', 'Won', 'Lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** A lead still being worked: a customer's new enquiry about the same car joins it. */
export const OPEN_LEAD_STATUSES = ['New', 'Contacted', 'Test drive booked', 'Negotiating'] as const satisfies readonly LeadStatus[];
export const isOpenLeadStatus = (status: string) => (OPEN_LEAD_STATUSES as readonly string[]).includes(status);

/** The contact buttons of a vehicle page whose clicks are counted. */
export const CONTACT_CHANNELS = ['phone', 'email', 'whatsapp'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const LEAD_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  phoneMin: 7,
  phoneMax: 30,
  messageMax: 2000,
  noteMax: 2000,
  replyMax: 5000,
  lostReasonMax: 300,
  /** Whole dollars. */
  offerMax: 10_000_000,
} as const;

export const LEADS_PAGE_SIZE = 20;

export const LEAD_MESSAGES = {
  name: `Please enter your name (at least ${LEAD_LIMITS.nameMin} characters)`,
  nameTooLong: `Your name must be at most ${LEAD_LIMITS.nameMax} characters`,
  email: 'Please enter a valid e-mail address',
  phone: `Please enter a phone number (${LEAD_LIMITS.phoneMin} to ${LEAD_LIMITS.phoneMax} characters)`,
  message: 'Please enter your question',
  messageTooLong: `Your message must be at most ${LEAD_LIMITS.messageMax} characters`,
  source: 'Choose a question, a test drive or an offer',
  offer: 'Please enter your offer in whole dollars',
  offerRange: `Your offer must be between $1 and $${LEAD_LIMITS.offerMax.toLocaleString('en-US')}`,
  notOnSale: 'This car is no longer taking enquiries.',
  vehicleNotFound: 'Vehicle not found',
  tooManyFromNetwork: 'Too many enquiries from this network. Please try again later or call us.',
  tooManyForAddress: 'Too many enquiries from this e-mail address today. Please call us instead.',
  tooManyClicks: 'Too many requests',
  channel: 'Channel must be phone, email or whatsapp',
  notFound: 'Lead not found',
  status: 'Status must be one of New, Contacted, Test drive booked, Negotiating, Won, Lost',
  lostReason: 'Enter why the lead was lost',
  lostReasonTooLong: `The reason must be at most ${LEAD_LIMITS.lostReasonMax} characters`,
  closed: 'This lead is closed: it can no longer change.',
  wonBySale: 'A lead is won when its car is sold to its customer: use "Sold to this customer".',
  owner: 'The owner must be an active sales user',
  note: 'Enter a note',
  noteTooLong: `A note must be at most ${LEAD_LIMITS.noteMax} characters`,
  reply: 'Enter a reply',
  replyTooLong: `A reply must be at most ${LEAD_LIMITS.replyMax} characters`,
  alreadySold: 'This car is already sold.',
  nothingToChange: 'Send a status or an owner',
} as const;

/** What the visitor is told once the form is sent. */
export const LEAD_CONFIRMATIONS: Record<LeadSource, string> = {
  question: 'Thank you: your question is on its way to our sales team. We will reply by e-mail, and a confirmation is in your inbox.',
  'test-drive': 'Thank you: we will contact you to arrange your test drive. A confirmation is in your inbox.',
  offer: 'Thank you: your offer is with our sales team, who will answer it shortly. A confirmation is in your inbox.',
};

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
