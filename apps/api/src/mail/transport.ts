import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/** Where messages go: an SMTP server, or .eml files when none is configured. */
export interface MailTransport {
  kind: 'smtp' | 'files';
  send(message: Mail.Options & { messageId: string }): Promise<void>;
  close(): void;
}

/**
 * nodemailer costs some 13 MB of memory: a transporter is made on the first message, so an idle server
 * that has sent nothing does not carry it.
 */
function lazyTransporter(make: (nodemailer: typeof Nodemailer) => Transporter) {
  let transporter: Promise<Transporter> | undefined;
  return {
    get: () => (transporter ??= import('nodemailer').then((module) => make(module.default))),
    close: () => void transporter?.then((t) => t.close()),
  };
}

/** A mail server slower than this is treated as down: the job is retried later. */
const SMTP_TIMEOUT_MS = 15_000;

export function smtpTransport(url: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport(url, {
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS * 2,
    } as never),
  );
  return {
    kind: 'smtp',
    async send(message) {
      await (await transporter.get()).sendMail(message);
    },
    close: transporter.close,
  };
}

/**
 * Writes each message as `<time>-<id>.eml` in `dir` (the embedded default, DATA_DIR/mail): any mail
 * program opens it. Written under a temporary name and renamed, so a reader never sees half a file.
 */
export function fileTransport(dir: string): MailTransport {
  const transporter = lazyTransporter((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return {
    kind: 'files',
    async send(message) {
      const info = await (await transporter.get()).sendMail(message);
      await mkdir(dir, { recursive: true });
      const id = message.messageId.replace(/^<|@.*$/g, '');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
      const target = path.join(dir, name);
      await writeFile(`${target}.tmp`, info.message as Buffer);
      await rename(`${target}.tmp`, target);
    },
    close: transporter.close,
  };
}

export function createMailTransport(config: { SMTP_URL?: string; DATA_DIR: string }): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(path.resolve(config.DATA_DIR), 'mail'));
}
