import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { QUEUES } from '../infra/jobs';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Starts accepting on the port (the server starts accepting unless `down`). */
  up(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts; `down` starts it stopped. */
export async function startTestSmtp(options: { down?: boolean } = {}): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const smtp: TestSmtp = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async up() {
      if (server) return;
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
  if (!options.down) await smtp.up();
  return smtp;
}

/**
 * Waits until `check` holds, polling; fails after `timeoutMs` (a minute: on CI's busy two cores the API
 * tests run at a lower priority beside the browser tests, and a job queue's round trip can take 20 s).
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Retries after one second, without growing, so a test sees a retry soon; answers a function restoring it. */
export async function fastEmailRetries(db: Database): Promise<() => Promise<void>> {
  const q = QUEUES.email;
  await db.execute(sql`update pgboss.queue set retry_delay = 1, retry_backoff = false where name = ${q.name}`);
  return async () => {
    await db.execute(
      sql`update pgboss.queue set retry_delay = ${q.retryDelay}, retry_backoff = ${q.retryBackoff} where name = ${q.name}`,
    );
  };
}

/** The raw message with quoted-printable parts made readable (soft line breaks joined, =XX decoded). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface MimePart {
  contentType: string;
  /** The decoded body (quoted-printable or base64 undone), as UTF-8 text. */
  body: string;
}

/** The leaf parts of a raw MIME message (text, HTML, attachments), each decoded. */
export function mimeParts(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const content = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const contentType = header('Content-Type') || 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = content.split(`--${boundary}`).slice(1);
    return sections.filter((section) => !section.startsWith('--')).flatMap((section) => mimeParts(section.replace(/^\r?\n/, '')));
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : content;
  return [{ contentType: contentType.split(';')[0]!.trim().toLowerCase(), body }];
}
