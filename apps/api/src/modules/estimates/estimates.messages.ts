import { formatCents } from '@dealer/shared';
import type { MailTemplate, MailTemplates } from '../../mail/registry';

/** The car and job as the estimate e-mails name them. */
interface EstimateMail {
  estimateId: string;
  appointmentId: string;
  /** "2018 Honda Civic (AB12 CDE)" */
  car: string;
  service: string;
  customerName: string;
}

export interface EstimateSentMail extends EstimateMail {
  /** The page of the e-mailed link: /estimates/{id}/decide#{token}, without the site address. */
  path: string;
  lines: number;
  totalCents: number;
  /** In the dealership's time zone. */
  expiresAtText: string;
}

export interface EstimateDecidedMail extends EstimateMail {
  advisorName: string;
  approvedLines: number;
  declinedLines: number;
  approvedTotalCents: number;
  decidedName: string;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'estimate-sent': EstimateSentMail;
    'estimate-decided': EstimateDecidedMail;
  }
}

const sent: MailTemplate<EstimateSentMail> = {
  subject: (d) => `Your estimate for the ${d.car}: please approve or decline the work`,
  body: (d, ctx) => ({
    greeting: `Hello ${d.customerName},`,
    paragraphs: [
      `We have inspected your ${d.car} and written an estimate of ${d.lines} ${d.lines === 1 ? 'line' : 'lines'} for your ${d.service}.`,
      'Open it to see each item with our technician’s notes and photos, approve or decline each line, and confirm with your full name. We start the approved work as soon as you decide.',
    ],
    details: [
      ['Vehicle', d.car],
      ['Estimate total (with tax)', formatCents(d.totalCents)],
      ['Link valid until', d.expiresAtText],
    ],
    action: { label: 'Review the estimate', url: `${ctx.baseUrl}${d.path}` },
    footnote: 'The link opens this estimate only, without signing in. If the estimate changes, we will send you a new link and this one stops working.',
  }),
};

const decided: MailTemplate<EstimateDecidedMail> = {
  subject: (d) => `Estimate decided: ${d.car} (${d.customerName})`,
  body: (d, ctx) => ({
    greeting: `Hello ${d.advisorName},`,
    paragraphs: [
      `${d.customerName} decided the estimate for the ${d.car}: ${d.approvedLines} approved, ${d.declinedLines} declined. The job is ready to go on.`,
    ],
    details: [
      ['Service', d.service],
      ['Approved total (with tax)', formatCents(d.approvedTotalCents)],
      ['Confirmed as', d.decidedName],
    ],
    action: { label: 'Open the estimate', url: `${ctx.baseUrl}/admin/workshop/jobs/${d.appointmentId}/estimate` },
  }),
};

/** An estimate's e-mails, registered with mail at the composition root. */
export const estimateMailTemplates: MailTemplates<'estimate-sent' | 'estimate-decided'> = {
  'estimate-sent': sent,
  'estimate-decided': decided,
};
