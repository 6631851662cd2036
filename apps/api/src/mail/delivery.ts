import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { emailMessages } from '../db/schema';
import type { Clock } from '../infra/clock';
import type { JobHandler } from '../infra/jobs';
import { publicBaseUrl } from '../infra/public-url';
import { isUuid } from '../infra/uuid';
import { singleUseSecretOf, type EmailMessageInput } from './registry';
import { renderEmail } from './templates';
import type { MailTransport } from './transport';

export interface MailDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL' | 'PORT' | 'WORKSHOP_TZ' | 'WORKSHOP_ADDRESS' | 'WORKSHOP_PHONE'>;
  transport: MailTransport;
}

/** What the log keeps of a failure: the server's answer, without a stack. */
function failureReason(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  const message = (e?.message ?? String(error)).replace(/\s+/g, ' ').trim().slice(0, 500);
  return e?.code && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

/**
 * The e-mail queue's job: delivers one logged message. A message already delivered is never sent
 * again (a job is fetched by one worker at a time, and its id is the message's, so a message has one
 * job). A failure is written to the log and thrown, so pg-boss retries the job later with a longer
 * delay; after the last retry the message is marked failed.
 */
export function emailDeliveryJob(deps: MailDeps): JobHandler {
  const { db, clock, config, transport } = deps;
  const baseUrl = publicBaseUrl(config);
  return async (data, job) => {
    // A job not naming a message (none is queued so) has nothing to send.
    if (!isUuid(data.messageId)) return;
    const id = data.messageId;
    // The attempt counted and the message read in one statement; none when it is gone or already delivered.
    const [row] = await db
      .update(emailMessages)
      .set({ attempts: sql`${emailMessages.attempts} + 1` })
      .where(and(eq(emailMessages.id, id), ne(emailMessages.status, 'delivered')))
      .returning();
    if (!row) return;
    const message = { kind: row.kind, to: row.toAddress, data: row.payload } as EmailMessageInput;
    try {
      const rendered = renderEmail(message, {
        baseUrl,
        timeZone: config.WORKSHOP_TZ,
        now: clock.now(),
        workshop: { address: config.WORKSHOP_ADDRESS, phone: config.WORKSHOP_PHONE },
        sender: config.MAIL_FROM,
      });
      await transport.send({
        from: config.MAIL_FROM,
        to: row.toAddress,
        subject: row.subject,
        text: rendered.text,
        html: rendered.html,
        attachments: rendered.attachments,
        headers: rendered.headers,
        // The same Message-ID on every attempt lets a receiving server drop a duplicate.
        messageId: `<${row.id}@${new URL(baseUrl).hostname}>`,
      });
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      await db
        .update(emailMessages)
        .set({ status: last ? 'failed' : 'queued', error: failureReason(error) })
        .where(and(eq(emailMessages.id, id), ne(emailMessages.status, 'delivered')));
      throw error;
    }
    const secret = singleUseSecretOf(message.kind);
    await db
      .update(emailMessages)
      .set({
        status: 'delivered',
        error: null,
        sentAt: clock.now(),
        // A single-use secret (a reset link's token) is not kept once it is in the customer's hands.
        ...(secret ? { payload: { ...(row.payload as object), [secret]: null } } : {}),
      })
      .where(eq(emailMessages.id, id));
  };
}
