import { PRODUCT_NAME } from '@dealer/shared';
import type { MailTemplates } from '../../mail/registry';

declare module '../../mail/registry' {
  interface MailKinds {
    'password-reset': { name: string; token: string; expiresAt: string };
  }
}

/** The reset link's e-mail, registered with mail at the composition root. */
export const authMailTemplates: MailTemplates<'password-reset'> = {
  'password-reset': {
    subject: () => `Reset your ${PRODUCT_NAME} password`,
    body: (data, ctx) => ({
      greeting: `Hello ${data.name},`,
      paragraphs: ['Someone asked to reset the password of your account. Use the button below to choose a new one.'],
      action: { label: 'Reset your password', url: `${ctx.baseUrl}/reset-password#${data.token}` },
      footnote:
        'The link works once and expires in 1 hour. Resetting your password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays the same.',
    }),
    // The link works once: its token is wiped from the log once delivered, and the message is never resent.
    singleUseSecret: 'token',
  },
};
