import { and, eq, ne, sql } from 'drizzle-orm';
import { slotHour } from '@dealer/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { emailMessages } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { JobHandler } from '../../lib/jobs';
import { publicBaseUrl } from '../../lib/public-url';
import { claimReminder, listUnremindedBetween } from '../maintenance/maintenance.repository';
import { addDays, workshopMoment, workshopTimeToInstant } from '../maintenance/workshop-time';
import type { EmailMessageInput } from './mail.kinds';
import { SINGLE_USE_KINDS } from './mail.kinds';
import type { MailTransport } from './mail.transport';
import { renderEmail } from './mail.templates';
import { mailBookingReminder } from './mail.events';

export interface MailDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL' | 'PORT' | 'WORKSHOP_TZ' | 'REMINDER_HOURS' | 'WORKSHOP_ADDRESS' | 'WORKSHOP_PHONE'>;
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
    const id = typeof data.messageId === 'string' ? data.messageId : '';
    const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
    if (!row || row.status === 'delivered') return;
    await db
      .update(emailMessages)
      .set({ attempts: sql`${emailMessages.attempts} + 1` })
      .where(eq(emailMessages.id, id));
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
    await db
      .update(emailMessages)
      .set({
        status: 'delivered',
        error: null,
        sentAt: clock.now(),
        // A reset link's token is not kept once it is in the customer's hands.
        ...(SINGLE_USE_KINDS.has(message.kind) ? { payload: { ...(row.payload as object), token: null } } : {}),
      })
      .where(eq(emailMessages.id, id));
  };
}

/**
 * Queues the reminder of every open appointment that starts within REMINDER_HOURS and has had none.
 * Each appointment is claimed with a conditional update in the transaction that queues its e-mail,
 * so two servers looking at once send one reminder. Answers how many were queued.
 */
export async function queueDueReminders(deps: Pick<MailDeps, 'db' | 'clock' | 'config'>): Promise<number> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const until = new Date(now.getTime() + config.REMINDER_HOURS * 3_600_000);
  const today = workshopMoment(now, config.WORKSHOP_TZ).date;
  const lastDay = addDays(today, Math.ceil(config.REMINDER_HOURS / 24) + 1);
  const candidates = await listUnremindedBetween(db, today, lastDay);
  let queued = 0;
  for (const candidate of candidates) {
    const start = workshopTimeToInstant(candidate.appointmentDate, slotHour(candidate.appointmentTime), config.WORKSHOP_TZ);
    if (start <= now || start > until) continue;
    const sent = await db.transaction(async (tx) => {
      const claimed = await claimReminder(tx, candidate.id, now);
      if (!claimed) return false;
      await mailBookingReminder(tx, claimed);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
