import { z } from 'zod';
import { emailSchema } from './auth';

/** The answer to every forgot-password request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to reset the password. The link works once and expires in 1 hour.';

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const EMAIL_STATUSES = ['queued', 'delivered', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** One row of the admin's e-mail log. Never the body: only what identifies the message. */
export const emailLogEntrySchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  /** The last delivery failure (while queued it is being retried). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** False for messages that carried a single-use link (a password reset): those are never sent again. */
  resendable: z.boolean(),
});
export type EmailLogEntry = z.infer<typeof emailLogEntrySchema>;

/** GET api/admin/emails/{id}: the message as it was written for its recipient, plain text and HTML. */
export const emailMessageSchema = emailLogEntrySchema.extend({ text: z.string(), html: z.string() });
export type EmailMessage = z.infer<typeof emailMessageSchema>;

export const EMAIL_LOG_PAGE_SIZE = 20;

export const emailLogQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number of 1 or more' }).int('Page must be a whole number of 1 or more').min(1, 'Page must be a whole number of 1 or more').default(1),
  limit: z.coerce.number({ error: 'Limit must be between 1 and 100' }).int('Limit must be between 1 and 100').min(1, 'Limit must be between 1 and 100').max(100, 'Limit must be between 1 and 100').default(EMAIL_LOG_PAGE_SIZE),
  status: z.enum(EMAIL_STATUSES, { error: 'Status must be queued, delivered or failed' }).optional(),
});
export type EmailLogQuery = z.input<typeof emailLogQuerySchema>;

export const RESEND_MESSAGES = {
  notFound: 'E-mail not found',
  queued: 'This e-mail is still being sent.',
  singleUse: 'A password reset e-mail cannot be sent again: the user can ask for a new link.',
} as const;
