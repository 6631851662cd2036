import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import { emailMessages } from '../db/schema';
import { QUEUES, sendJobs } from '../infra/jobs';
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
  const [id] = await enqueueEmails(tx, [message]);
  return id!;
}

/**
 * Queues several e-mails as `enqueueEmail` does each, in two statements whatever their number (their log
 * rows, then their delivery jobs): a lead's confirmation and the sales team's notices, say. Answers
 * the message ids in the messages' order.
 */
export async function enqueueEmails(tx: Executor, messages: readonly EmailMessageInput[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((message) => ({
    id: randomUUID(),
    kind: message.kind,
    toAddress: message.to,
    subject: emailSubject(message),
    payload: message.data,
  }));
  await tx.insert(emailMessages).values(rows);
  // The job's id is the message's: one delivery job per message, whoever sends it.
  await sendJobs(tx, QUEUES.email.name, rows.map((row) => ({ id: row.id, data: { messageId: row.id } })));
  return rows.map((row) => row.id);
}
