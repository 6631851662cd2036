import type { ReminderKind } from '@dealer/shared';
import type { MailTemplate, MailTemplates, RenderContext } from '../../mail/registry';

/** One reminder e-mail: a service due again, or declined work offered again. */
export interface ServiceReminderMail {
  name: string;
  kind: ReminderKind;
  specificService: string;
  registration: string;
  /** Recommended work: the declined line's description. */
  work?: string;
  /** Why it is due, as a sentence without its full stop. */
  reason: string;
  /** The booking wizard's address, filled in (a path from the site's root). */
  bookingPath: string;
  /** The unsubscribe link's token (the account, signed for that purpose alone). */
  unsubscribeToken: string;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'service-reminder': ServiceReminderMail;
  }
}

/** The page a person opens from the e-mail (it asks before it turns anything off), and the address mail programs POST to. */
export const reminderUnsubscribePageUrl = (ctx: Pick<RenderContext, 'baseUrl'>, token: string) =>
  `${ctx.baseUrl}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
export const reminderUnsubscribeApiUrl = (ctx: Pick<RenderContext, 'baseUrl'>, token: string) =>
  `${ctx.baseUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;

const reminder: MailTemplate<ServiceReminderMail> = {
  subject: (data) =>
    data.kind === 'Service due'
      ? `Your ${data.specificService} is due: ${data.registration}`
      : `Recommended work for ${data.registration}: ${data.work ?? data.specificService}`,
  body: (data, ctx) => ({
    greeting: `Hello ${data.name},`,
    paragraphs:
      data.kind === 'Service due'
        ? [`${data.reason}.`, `Book your ${data.specificService} for ${data.registration} now: the booking form opens with the service and your vehicle filled in.`]
        : [
            `${data.reason}, we recommended: ${data.work ?? data.specificService}. It has not been done yet.`,
            `Book it for ${data.registration} now: the booking form opens with the service and your vehicle filled in.`,
          ],
    details: [
      ['Service', data.specificService],
      ['Vehicle', data.registration],
    ],
    action: { label: 'Book now', url: `${ctx.baseUrl}${data.bookingPath}` },
    footnote: 'You get this because service reminders are on for your account. Turn them off with the link below or in your profile.',
    unsubscribeUrl: reminderUnsubscribePageUrl(ctx, data.unsubscribeToken),
  }),
  // RFC 8058: a mail program offers 'Unsubscribe' and POSTs `List-Unsubscribe=One-Click` to this address.
  headers: (data, ctx) => ({
    'List-Unsubscribe': `<${reminderUnsubscribeApiUrl(ctx, data.unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }),
};

export const reminderMailTemplates: MailTemplates<'service-reminder'> = { 'service-reminder': reminder };
