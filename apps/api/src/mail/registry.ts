/**
 * Every e-mail the product sends, by kind, and the data it is written from (kept in the log row's
 * payload, so a message can be rendered again to resend it). Mail knows no domain: each domain adds
 * its own kinds to this interface in its messages file (`declare module '.../mail/registry'`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface MailKinds {}

export type EmailKind = keyof MailKinds & string;
export type EmailData<K extends EmailKind> = MailKinds[K];
export type EmailMessageInput = { [K in EmailKind]: { kind: K; to: string; data: MailKinds[K] } }[EmailKind];

export interface RenderContext {
  /** The site's public address without a trailing slash: every link is absolute. */
  baseUrl: string;
  /** The workshop's time zone, for the calendar file. */
  timeZone: string;
  now: Date;
  /** The workshop's address and phone, in every booking e-mail and as the calendar event's location. */
  workshop: { address: string; phone: string };
  /** MAIL_FROM: its address is the organizer of a cancelled calendar event. */
  sender: string;
}

export interface MailAttachment {
  filename: string;
  /** Text as it is, or a binary file (a PDF) in base64 with `encoding: 'base64'`. */
  content: string;
  encoding?: 'base64';
  contentType: string;
  contentTransferEncoding: 'quoted-printable' | 'base64';
}

/** What a message says, laid out by the one HTML and plain-text frame every e-mail shares. */
export interface MailBody {
  greeting: string;
  paragraphs: string[];
  /** Label and value rows, e.g. Date, Time, Technician. */
  details?: [string, string][];
  action?: { label: string; url: string };
  footnote?: string;
  /** A mailing's unsubscribe link, at the foot of the message. */
  unsubscribeUrl?: string;
}

/** How one kind of message is written. */
export interface MailTemplate<D> {
  subject(data: D): string;
  body(data: D, ctx: RenderContext): MailBody;
  attachments?(data: D, ctx: RenderContext): MailAttachment[];
  /** Extra header lines (e.g. List-Unsubscribe for a mailing a customer can stop in one click). */
  headers?(data: D, ctx: RenderContext): Record<string, string>;
  /**
   * The payload field holding a secret that works once (a reset link's token): wiped once the
   * message is delivered, and such a message is never resent.
   */
  singleUseSecret?: string;
}

export type MailTemplates<K extends EmailKind = EmailKind> = { [P in K]: MailTemplate<MailKinds[P]> };

const registry = new Map<string, MailTemplate<never>>();

/**
 * Adds a domain's templates; the composition root registers every domain's before it serves or
 * delivers. Registering the same templates again changes nothing.
 */
export function registerMailTemplates<K extends EmailKind>(templates: MailTemplates<K>): void {
  for (const [kind, template] of Object.entries(templates)) registry.set(kind, template as MailTemplate<never>);
}

/** The template of a kind; a kind nobody registered is a wiring mistake, not a message to drop. */
export function templateOf<K extends EmailKind>(kind: K): MailTemplate<MailKinds[K]> {
  const template = registry.get(kind);
  if (!template) throw new Error(`mail: no template registered for '${kind}'`);
  return template as MailTemplate<MailKinds[K]>;
}

/** The single-use secret's field of a kind, if it has one (an unknown kind has none). */
export const singleUseSecretOf = (kind: string): string | undefined => registry.get(kind)?.singleUseSecret;
