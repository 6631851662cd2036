import { PRODUCT_NAME } from '@dealer/shared';
import { templateOf, type EmailMessageInput, type MailAttachment, type MailBody, type MailTemplate, type RenderContext } from './registry';

export type { RenderContext } from './registry';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  headers: Record<string, string>;
}

/** The subject line of a message, from its kind's template. */
export function emailSubject(message: EmailMessageInput): string {
  return (templateOf(message.kind) as MailTemplate<unknown>).subject(message.data);
}

/** The web app's brand blue (brand-600 / brand-700) and grays. */
const BRAND = '#2563eb';
const BRAND_DARK = '#1d4ed8';
const INK = '#111827';
const MUTED = '#4b5563';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function html(subject: string, body: MailBody, ctx: RenderContext): string {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK}">${escapeHtml(text)}</p>`;
  const details = body.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse">${body.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:${MUTED};white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:14px;color:${INK};font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = body.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 20px;border-radius:8px">${escapeHtml(body.action.label)}</a></p>`
    : '';
  const footnote = body.footnote ? `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED}">${escapeHtml(body.footnote)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND_DARK};padding:20px 24px"><a href="${escapeHtml(ctx.baseUrl)}/" style="color:#ffffff;text-decoration:none;font-size:20px;font-weight:700">${escapeHtml(PRODUCT_NAME)}</a></td></tr>
<tr><td style="padding:24px">
${p(body.greeting)}${body.paragraphs.map(p).join('')}${details}${action}${footnote}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:${MUTED}">${escapeHtml(PRODUCT_NAME)} · <a href="${escapeHtml(ctx.baseUrl)}/" style="color:${BRAND}">${escapeHtml(ctx.baseUrl.replace(/^https?:\/\//, ''))}</a>${body.unsubscribeUrl ? ` · <a href="${escapeHtml(body.unsubscribeUrl)}" style="color:${BRAND}">Unsubscribe</a>` : ''}</td></tr>
</table></td></tr></table></body></html>`;
}

function text(body: MailBody, ctx: RenderContext): string {
  const lines = [body.greeting, '', ...body.paragraphs.flatMap((para) => [para, ''])];
  if (body.details?.length) lines.push(...body.details.map(([label, value]) => `${label}: ${value}`), '');
  if (body.action) lines.push(`${body.action.label}: ${body.action.url}`, '');
  if (body.footnote) lines.push(body.footnote, '');
  lines.push('--', `${PRODUCT_NAME} · ${ctx.baseUrl}/`);
  if (body.unsubscribeUrl) lines.push(`Unsubscribe: ${body.unsubscribeUrl}`);
  return lines.join('\n');
}

/** The whole message: subject, plain text, HTML and its attachments (a booking's calendar file). */
export function renderEmail(message: EmailMessageInput, ctx: RenderContext): RenderedEmail {
  const template = templateOf(message.kind) as MailTemplate<unknown>;
  const subject = template.subject(message.data);
  const content = template.body(message.data, ctx);
  return {
    subject,
    text: text(content, ctx),
    html: html(subject, content, ctx),
    attachments: template.attachments?.(message.data, ctx) ?? [],
    headers: template.headers?.(message.data, ctx) ?? {},
  };
}
