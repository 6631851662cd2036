import { LEAD_SOURCE_LABELS, formatPrice, type LeadSource } from '@dealer/shared';
import type { MailTemplate, MailTemplates } from '../../mail/registry';

/** A car as a lead's e-mails name it. */
interface LeadCarMail {
  vehicleId: string;
  /** "2021 Toyota Corolla" */
  title: string;
  name: string;
}

interface LeadReceivedMail extends LeadCarMail {
  source: LeadSource;
  offerCents: number | null;
}

interface LeadNoticeMail {
  leadId: string;
  vehicleId: string;
  title: string;
  source: LeadSource;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  message: string;
  offerCents: number | null;
  /** A further enquiry that joined an open lead. */
  joined: boolean;
}

interface LeadReplyMail extends LeadCarMail {
  message: string;
  staffName: string;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'lead-received': LeadReceivedMail;
    'lead-notice': LeadNoticeMail;
    'lead-reply': LeadReplyMail;
    'lead-car-sold': LeadCarMail;
  }
}

const dollars = (cents: number) => formatPrice(cents / 100);

const RECEIVED_LINES: Record<LeadSource, (data: LeadReceivedMail) => string> = {
  question: (d) => `Thank you for your question about the ${d.title}. Our sales team will answer you by e-mail shortly.`,
  'test-drive': (d) => `Thank you for asking to test drive the ${d.title}. Our sales team will contact you to arrange a time.`,
  offer: (d) => `Thank you for your offer of ${dollars(d.offerCents ?? 0)} for the ${d.title}. Our sales team will answer it shortly.`,
};

const leadReceived: MailTemplate<LeadReceivedMail> = {
  subject: (data) => `We received your enquiry: ${data.title}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.name},`,
    paragraphs: [RECEIVED_LINES[data.source](data)],
    action: { label: 'See the car', url: `${ctx.baseUrl}/vehicles/${data.vehicleId}` },
    footnote: 'You receive this e-mail because this address was entered in a form on our website. If that was not you, you can ignore it.',
  }),
};

const leadNotice: MailTemplate<LeadNoticeMail> = {
  subject: (data) => `${data.joined ? 'New message on a lead' : 'New lead'} (${LEAD_SOURCE_LABELS[data.source]}): ${data.title}`,
  body: (data, ctx) => ({
    greeting: 'Hello,',
    paragraphs: [
      data.joined
        ? `${data.customerName} wrote again about the ${data.title}.`
        : `${data.customerName} sent a new enquiry about the ${data.title}.`,
    ],
    details: [
      ['Type', LEAD_SOURCE_LABELS[data.source]],
      ['Name', data.customerName],
      ['E-mail', data.customerEmail],
      ['Phone', data.customerPhone ?? '—'],
      ...(data.offerCents !== null ? ([['Offer', dollars(data.offerCents)]] as [string, string][]) : []),
      ...(data.message ? ([['Message', data.message]] as [string, string][]) : []),
    ],
    action: { label: 'Open the lead', url: `${ctx.baseUrl}/admin/leads/${data.leadId}` },
  }),
};

const leadReply: MailTemplate<LeadReplyMail> = {
  subject: (data) => `Re: your enquiry about the ${data.title}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.name},`,
    paragraphs: [...data.message.split(/\n{2,}/), `${data.staffName}, sales team`],
    action: { label: 'See the car', url: `${ctx.baseUrl}/vehicles/${data.vehicleId}` },
  }),
};

const leadCarSold: MailTemplate<LeadCarMail> = {
  subject: (data) => `The ${data.title} has been sold`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.name},`,
    paragraphs: [
      `Thank you for your interest in the ${data.title}. We are sorry to tell you that it has been sold.`,
      'Other cars in our stock may suit you just as well.',
    ],
    action: { label: 'Browse our cars', url: `${ctx.baseUrl}/vehicles` },
  }),
};

/** A lead's e-mails, registered with mail at the composition root. */
export const leadMailTemplates: MailTemplates<'lead-received' | 'lead-notice' | 'lead-reply' | 'lead-car-sold'> = {
  'lead-received': leadReceived,
  'lead-notice': leadNotice,
  'lead-reply': leadReply,
  'lead-car-sold': leadCarSold,
};
