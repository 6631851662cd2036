import { z } from 'zod';
import { CONTACT_CHANNELS, LEAD_SOURCES, LEAD_STATUSES } from '../leads';

/** What the visitor's browser is told once an enquiry is taken (never what anyone typed). */
export const leadReceivedSchema = z.object({ source: z.enum(LEAD_SOURCES), message: z.string() });
export type LeadReceived = z.infer<typeof leadReceivedSchema>;

const person = z.object({ _id: z.string(), name: z.string() });

/** A lead as the inbox lists it. */
export const leadSummarySchema = z.object({
  _id: z.string(),
  vehicle: z.object({ _id: z.string(), title: z.string(), status: z.string() }),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  lostReason: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  owner: person.nullable(),
  /** The latest offer, in cents. */
  offerCents: z.number().int().nullable(),
  enquiries: z.number().int(),
  createdAt: z.string(),
  lastEnquiryAt: z.string(),
  /** When a first answer is due (LEAD_RESPONSE_HOURS of opening hours after the lead came in). */
  respondBy: z.string(),
  firstResponseAt: z.string().nullable(),
  /** Not answered yet and past its due time. */
  overdue: z.boolean(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const LEAD_EVENT_KINDS = ['enquiry', 'note', 'reply', 'status', 'owner', 'sold-elsewhere', 'trade-in'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export const leadEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(LEAD_EVENT_KINDS),
  source: z.enum(LEAD_SOURCES).nullable(),
  text: z.string().nullable(),
  offerCents: z.number().int().nullable(),
  status: z.string().nullable(),
  actor: person.nullable(),
  createdAt: z.string(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

export const contactClickTotalsSchema = z.object(Object.fromEntries(CONTACT_CHANNELS.map((c) => [c, z.number().int()])) as Record<(typeof CONTACT_CHANNELS)[number], z.ZodNumber>);
export type ContactClickTotals = z.infer<typeof contactClickTotalsSchema>;

/** Clicks on a vehicle's contact buttons: the last 30 days and all time. */
export const contactClicksSchema = z.object({ last30Days: contactClickTotalsSchema, allTime: contactClickTotalsSchema });
export type ContactClicks = z.infer<typeof contactClicksSchema>;

/** One lead with its history, oldest first, and its car's contact-button clicks. */
export const leadDetailSchema = leadSummarySchema.extend({
  events: z.array(leadEventSchema),
  contactClicks: contactClicksSchema,
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** The sales users a lead may be given to. */
export const leadOwnerSchema = person;
export type LeadOwner = z.infer<typeof leadOwnerSchema>;
