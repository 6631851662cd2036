import type { MailTemplate, MailTemplates } from '../../mail/registry';

/** A listing as the seller's e-mails name it. */
export interface ListingMail {
  vehicleId: string;
  /** "2021 Toyota Corolla" */
  title: string;
  sellerName: string;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'listing-approved': ListingMail;
    'listing-sent-back': ListingMail & { reason: string };
    'listing-rejected': ListingMail & { reason: string };
    'listing-sold': ListingMail;
  }
}

const listingApproved: MailTemplate<ListingMail> = {
  subject: (data) => `Your listing is live: ${data.title}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.sellerName},`,
    paragraphs: [`Your listing "${data.title}" is approved and visible to buyers.`],
    action: { label: 'See your listing', url: `${ctx.baseUrl}/vehicles/${data.vehicleId}` },
  }),
};

const listingSentBack: MailTemplate<ListingMail & { reason: string }> = {
  subject: (data) => `Your listing needs changes: ${data.title}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.sellerName},`,
    paragraphs: [`Your listing "${data.title}" needs a few changes before it can be published.`],
    details: [['What to change', data.reason]],
    action: { label: 'Edit your listing', url: `${ctx.baseUrl}/account/vehicles/${data.vehicleId}/edit` },
  }),
};

const listingRejected: MailTemplate<ListingMail & { reason: string }> = {
  subject: (data) => `Your listing was not approved: ${data.title}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.sellerName},`,
    paragraphs: [`We are sorry: your listing "${data.title}" was not approved.`],
    details: [['Reason', data.reason]],
    action: { label: 'Your listings', url: `${ctx.baseUrl}/account/vehicles` },
  }),
};

const listingSold: MailTemplate<ListingMail> = {
  subject: (data) => `Sold: ${data.title}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.sellerName},`,
    paragraphs: [`Congratulations: "${data.title}" is marked as sold.`],
    action: { label: 'Your listings', url: `${ctx.baseUrl}/account/vehicles` },
  }),
};

/** What a seller hears of their listing's review and sale, registered with mail at the composition root. */
export const vehicleMailTemplates: MailTemplates<'listing-approved' | 'listing-sent-back' | 'listing-rejected' | 'listing-sold'> = {
  'listing-approved': listingApproved,
  'listing-sent-back': listingSentBack,
  'listing-rejected': listingRejected,
  'listing-sold': listingSold,
};
