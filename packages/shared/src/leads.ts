// Leads' constants, without zod: the vehicle page's buttons read them without loading any schema.

import type { LeadSource } from './lead-sources';

export * from './lead-sources';

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

