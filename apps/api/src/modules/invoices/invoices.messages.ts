import { formatCents } from '@dealer/shared';
import type { MailTemplate, MailTemplates } from '../../mail/registry';

/** A credit note as its e-mail tells of it, with the note's PDF. */
export interface CreditNoteMail {
  customerName: string;
  /** The credit note's number, and the invoice it corrects. */
  number: string;
  invoiceNumber: string;
  registration: string;
  /** Negative: what the customer is credited, with tax. */
  totalCents: number;
  reason: string;
  /** Whether the customer has an account (their documents are at /account/invoices). */
  hasAccount: boolean;
  pdf: { filename: string; base64: string };
}

declare module '../../mail/registry' {
  interface MailKinds {
    'invoice-credit-note': CreditNoteMail;
  }
}

const creditNote: MailTemplate<CreditNoteMail> = {
  subject: (d) => `Credit note ${d.number} for invoice ${d.invoiceNumber}`,
  body: (d, ctx) => ({
    greeting: `Hello ${d.customerName},`,
    paragraphs: [
      `We have corrected invoice ${d.invoiceNumber} for ${d.registration} with credit note ${d.number}: ${d.reason}.`,
      `Your credit note ${d.number} is attached.`,
    ],
    details: [
      ['Credit note', d.number],
      ['Invoice', d.invoiceNumber],
      ['Amount credited (with tax)', formatCents(-d.totalCents)],
    ],
    ...(d.hasAccount ? { action: { label: 'View your invoices', url: `${ctx.baseUrl}/account/invoices` } } : {}),
  }),
  attachments: (d) => [
    { filename: d.pdf.filename, content: d.pdf.base64, encoding: 'base64', contentType: 'application/pdf', contentTransferEncoding: 'base64' },
  ],
};

/** The invoices domain's e-mails (the invoice itself rides on the completion e-mail), registered at the composition root. */
export const invoiceMailTemplates: MailTemplates<'invoice-credit-note'> = { 'invoice-credit-note': creditNote };
