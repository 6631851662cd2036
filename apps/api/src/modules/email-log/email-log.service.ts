import { desc, eq } from 'drizzle-orm';
import { RESEND_MESSAGES, type EmailLogEntry, type EmailMessage, type EmailStatus } from '@dealer/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readPage } from '../../db/page';
import { emailMessages } from '../../db/schema';
import { pageMeta } from '../../http/envelope';
import { publicBaseUrl } from '../../infra/public-url';
import { ConflictError, NotFoundError } from '../../infra/errors';
import { enqueueEmail } from '../../mail/outbox';
import { singleUseSecretOf, type EmailMessageInput } from '../../mail/registry';
import { renderEmail } from '../../mail/templates';
import { isUuid } from '../../infra/uuid';

type Row = typeof emailMessages.$inferSelect;

function toEntry(row: Row): EmailLogEntry {
  return {
    _id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    resendable: !singleUseSecretOf(row.kind) && row.status !== 'queued',
  };
}

/** Written in place of a single-use secret (a reset link's token), which is wiped once the message is delivered. */
const REMOVED_TOKEN = 'link-removed-after-delivery';

export function createEmailLogService(deps: {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'WORKSHOP_TZ' | 'WORKSHOP_ADDRESS' | 'WORKSHOP_PHONE' | 'MAIL_FROM'>;
}) {
  const { db, config } = deps;
  async function find(id: string) {
    if (!isUuid(id)) throw new NotFoundError(RESEND_MESSAGES.notFound);
    const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
    if (!row) throw new NotFoundError(RESEND_MESSAGES.notFound);
    return row;
  }
  return {
    /**
     * The message as it was written for its recipient: rendered again from the log row's payload, as its
     * delivery did, dated when it was sent. A reset link's token is no longer kept: the link shows that.
     */
    async message(id: string): Promise<EmailMessage> {
      const row = await find(id);
      const payload = row.payload as Record<string, unknown>;
      const secret = singleUseSecretOf(row.kind);
      const data = secret && !payload[secret] ? { ...payload, [secret]: REMOVED_TOKEN } : payload;
      const rendered = renderEmail({ kind: row.kind, to: row.toAddress, data } as EmailMessageInput, {
        baseUrl: publicBaseUrl(config),
        timeZone: config.WORKSHOP_TZ,
        now: row.sentAt ?? row.createdAt,
        workshop: { address: config.WORKSHOP_ADDRESS, phone: config.WORKSHOP_PHONE },
        sender: config.MAIL_FROM,
      });
      return { ...toEntry(row), text: rendered.text, html: rendered.html };
    },

    async list(query: { page: number; limit: number; status?: EmailStatus }) {
      const where = query.status ? eq(emailMessages.status, query.status) : undefined;
      const { rows, total } = await readPage(
        db.select().from(emailMessages).where(where).orderBy(desc(emailMessages.createdAt), desc(emailMessages.id)).$dynamic(),
        db.$count(emailMessages, where),
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: rows.map(toEntry), meta: pageMeta(query.page, query.limit, total) };
    },

    /** A copy of the message, queued anew: the log keeps both, each with its own outcome. */
    async resend(id: string): Promise<EmailLogEntry> {
      const row = await find(id);
      if (singleUseSecretOf(row.kind)) throw new ConflictError(RESEND_MESSAGES.singleUse);
      if (row.status === 'queued') throw new ConflictError(RESEND_MESSAGES.queued);
      const copyId = await db.transaction((tx) =>
        enqueueEmail(tx, { kind: row.kind, to: row.toAddress, data: row.payload } as EmailMessageInput),
      );
      const [copy] = await db.select().from(emailMessages).where(eq(emailMessages.id, copyId));
      return toEntry(copy!);
    },
  };
}

export type EmailLogService = ReturnType<typeof createEmailLogService>;
