import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// The e-mails an e2e server wrote: without SMTP_URL it writes each message as an .eml file in
// DATA_DIR/mail (apps/api/src/mail/transport.ts).

/** The raw message with quoted-printable parts made readable. */
export function decodeMail(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The .eml files the server wrote to `to` whose subject starts with `subject`, decoded, oldest first. */
export async function mailsTo(dataDir: string, to: string, subject: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const texts = await Promise.all(names.map(async (n) => decodeMail(await readFile(path.join(dir, n), 'utf8'))));
  return texts.filter((t) => t.includes(`To: ${to}`) && t.includes(`Subject: ${subject}`));
}
