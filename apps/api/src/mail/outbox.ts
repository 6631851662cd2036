import type { Executor } from '../db/client';
import { emailMessages } from '../db/schema';
import { QUEUES, sendJob } from '../infra/jobs';
import type { EmailMessageInput } from './registry';
import { emailSubject } from './templates';

export type { EmailMessageInput, EmailKind } from './registry';

/**
 * Queues an e-mail: its log row and its delivery job, both through `tx`. Call it inside the
 * transaction that makes the change the message tells about, so a rolled-back change sends nothing
 * and a committed one is delivered (retried while the mail server is down). Answers the message id.
 *
 *   await db.transaction(async (tx) => { ...; await enqueueEmail(tx, { kind: 'welcome', to, data: { name } }); });
 */
export async function enqueueEmail(tx: Executor, message: EmailMessageInput): Promise<string> {
  const [row] = await tx
    .insert(emailMessages)
    .values({ kind: message.kind, toAddress: message.to, subject: emailSubject(message), payload: message.data })
    .returning({ id: emailMessages.id });
  // The job's id is the message's: one delivery job per message, whoever sends it.
  const jobId = await sendJob(tx, QUEUES.email.name, { messageId: row!.id }, { id: row!.id });
  if (!jobId) throw new Error('mail: the delivery job was not queued');
  return row!.id;
}
