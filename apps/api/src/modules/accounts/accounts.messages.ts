import { PRODUCT_NAME } from '@dealer/shared';
import type { MailTemplates } from '../../mail/registry';

declare module '../../mail/registry' {
  interface MailKinds {
    welcome: { name: string };
  }
}

/** The e-mail a new account receives, registered with mail at the composition root. */
export const accountMailTemplates: MailTemplates<'welcome'> = {
  welcome: {
    subject: () => `Welcome to ${PRODUCT_NAME}`,
    // Sent to an address nobody has verified yet: it carries nothing the sign-up typed (a stranger
    // could otherwise put a message of their own, in the name, into someone else's mailbox).
    body: (_data, ctx) => ({
      greeting: 'Hello,',
      paragraphs: [
        `Welcome to ${PRODUCT_NAME}. Your account is ready: browse vehicles, list your own car for sale and book maintenance online.`,
      ],
      action: { label: 'Go to your account', url: `${ctx.baseUrl}/account` },
      footnote: `You receive this because this e-mail address was used to create an account at ${PRODUCT_NAME}. If that was not you, ignore this e-mail.`,
    }),
  },
};
