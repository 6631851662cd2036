import { formatWeekdayDate, PRODUCT_NAME, type MaintenanceAppointment } from '@dealer/shared';
import { appointmentIcs, icsFileName, WORKSHOP_NAME, workshopLocation, type WorkshopPlace } from '../maintenance/maintenance.ics';
import type { EmailMessageInput } from './mail.kinds';

/** An appointment's date as the site shows it: 'Monday, November 30, 2026'. */
const day = (a: Pick<MaintenanceAppointment, 'appointmentDate'>) => formatWeekdayDate(a.appointmentDate);

/** The subject line of each message. */
export function emailSubject(message: EmailMessageInput): string {
  switch (message.kind) {
    case 'booking-received':
      return `We received your booking for ${day(message.data.appointment)}`;
    case 'booking-workshop-notice':
      return `New booking: ${message.data.appointment.specificService} on ${day(message.data.appointment)} at ${message.data.appointment.appointmentTime}`;
    case 'booking-approved':
      return `Your appointment on ${day(message.data.appointment)} is scheduled`;
    case 'booking-completed':
      return `Your ${message.data.appointment.specificService} is complete`;
    case 'booking-cancelled':
      return `Your appointment on ${day(message.data.appointment)} is cancelled`;
    case 'booking-moved':
      return `Your appointment has moved to ${day(message.data.appointment)} at ${message.data.appointment.appointmentTime}`;
    case 'booking-reminder':
      return `Reminder: your appointment on ${day(message.data.appointment)} at ${message.data.appointment.appointmentTime}`;
    case 'listing-approved':
      return `Your listing is live: ${message.data.title}`;
    case 'listing-sent-back':
      return `Your listing needs changes: ${message.data.title}`;
    case 'listing-rejected':
      return `Your listing was not approved: ${message.data.title}`;
    case 'listing-sold':
      return `Sold: ${message.data.title}`;
    case 'welcome':
      return `Welcome to ${PRODUCT_NAME}`;
    case 'password-reset':
      return `Reset your ${PRODUCT_NAME} password`;
  }
}

export interface RenderContext {
  /** The site's public address without a trailing slash: every link is absolute. */
  baseUrl: string;
  /** The workshop's time zone, for the calendar file. */
  timeZone: string;
  now: Date;
  /** The workshop's address and phone, in every booking e-mail and as the calendar event's location. */
  workshop: WorkshopPlace;
  /** MAIL_FROM: its address is the organizer of a cancelled calendar event. */
  sender: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: string; contentType: string; contentTransferEncoding: 'quoted-printable' }[];
}

/** The web app's brand blue (brand-600 / brand-700) and grays. */
const BRAND = '#2563eb';
const BRAND_DARK = '#1d4ed8';
const INK = '#111827';
const MUTED = '#4b5563';

interface Body {
  greeting: string;
  paragraphs: string[];
  /** Label and value rows, e.g. Date, Time, Technician. */
  details?: [string, string][];
  action?: { label: string; url: string };
  footnote?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function html(subject: string, body: Body, ctx: RenderContext): string {
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
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:${MUTED}">${escapeHtml(PRODUCT_NAME)} · <a href="${escapeHtml(ctx.baseUrl)}/" style="color:${BRAND}">${escapeHtml(ctx.baseUrl.replace(/^https?:\/\//, ''))}</a></td></tr>
</table></td></tr></table></body></html>`;
}

function text(body: Body, ctx: RenderContext): string {
  const lines = [body.greeting, '', ...body.paragraphs.flatMap((para) => [para, ''])];
  if (body.details?.length) lines.push(...body.details.map(([label, value]) => `${label}: ${value}`), '');
  if (body.action) lines.push(`${body.action.label}: ${body.action.url}`, '');
  if (body.footnote) lines.push(body.footnote, '');
  lines.push('--', `${PRODUCT_NAME} · ${ctx.baseUrl}/`);
  return lines.join('\n');
}

const money = (value: number | null) =>
  value == null ? 'To be confirmed' : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

function appointmentDetails(a: MaintenanceAppointment, ctx: RenderContext, extra: [string, string][] = []): [string, string][] {
  return [
    ['Service', `${a.specificService}`],
    ['Date', day(a)],
    ['Time', a.appointmentTime],
    ['Vehicle', `${a.vehicle.year} ${a.vehicle.make} ${a.vehicle.model} (${a.vehicle.registration})`],
    ...extra,
    ['Where', workshopLocation(ctx.workshop)],
    ['Workshop phone', ctx.workshop.phone],
  ];
}

/**
 * The link to a customer's own appointments: only for a customer with an account. A walk-in or phone
 * customer booked by staff has none, and a link to sign-in pages would lead them nowhere.
 */
const appointmentsLink = (a: MaintenanceAppointment, ctx: RenderContext): Pick<Body, 'action'> =>
  a.userId ? { action: { label: 'View your appointments', url: `${ctx.baseUrl}/account/maintenance/history` } } : {};

function body(message: EmailMessageInput, ctx: RenderContext): Body {
  switch (message.kind) {
    case 'booking-received': {
      const a = message.data.appointment;
      return {
        greeting: `Hello ${a.customer.name},`,
        paragraphs: [
          `Thank you for booking with ${WORKSHOP_NAME}. We received your request and will confirm it shortly.`,
          'The attached calendar file adds the appointment to your calendar.',
        ],
        details: appointmentDetails(a, ctx, [['Status', a.status]]),
        ...appointmentsLink(a, ctx),
      };
    }
    case 'booking-workshop-notice': {
      const a = message.data.appointment;
      return {
        greeting: 'Hello team,',
        paragraphs: ['A new maintenance booking is waiting for review.'],
        details: appointmentDetails(a, ctx, [
          ['Customer', a.customer.name],
          ['Phone', a.customer.phone],
        ]),
        action: { label: 'Review the booking', url: `${ctx.baseUrl}/admin/maintenance/${a._id}` },
      };
    }
    case 'booking-approved': {
      const a = message.data.appointment;
      return {
        greeting: `Hello ${a.customer.name},`,
        paragraphs: ['Good news: your appointment is confirmed.'],
        details: appointmentDetails(a, ctx, [
          ['Status', 'Scheduled'],
          ['Technician', a.technician ?? 'To be assigned'],
          ['Price', money(a.cost)],
        ]),
        ...appointmentsLink(a, ctx),
      };
    }
    case 'booking-completed': {
      const a = message.data.appointment;
      return {
        greeting: `Hello ${a.customer.name},`,
        paragraphs: [`Your ${a.specificService} is complete. Thank you for choosing ${WORKSHOP_NAME}.`],
        details: appointmentDetails(a, ctx, [
          ['Technician', a.technician ?? '—'],
          ['Price', money(a.cost)],
        ]),
        ...appointmentsLink(a, ctx),
      };
    }
    case 'booking-cancelled': {
      const a = message.data.appointment;
      return {
        greeting: `Hello ${a.customer.name},`,
        paragraphs: [
          message.data.cancelledBy === 'customer'
            ? 'As you asked, your appointment is cancelled.'
            : 'We are sorry: the workshop had to cancel your appointment. You are welcome to book another time.',
        ],
        details: appointmentDetails(a, ctx),
        ...(a.userId
          ? { action: { label: 'Book another appointment', url: `${ctx.baseUrl}/account/maintenance/create` } }
          : { footnote: 'To book another time, call or visit the workshop.' }),
      };
    }
    case 'booking-moved': {
      const a = message.data.appointment;
      const before = `${day(message.data.previous)} at ${message.data.previous.appointmentTime}`;
      const paragraphs =
        message.data.movedBy === 'customer'
          ? [`As you asked, your appointment has moved from ${before} to the time below.`]
          : [`The workshop has moved your appointment from ${before} to the time below. If it does not suit you, you can move it again or cancel it from your appointments.`];
      if (a.status === 'Pending') paragraphs.push('We will confirm the new time shortly.');
      paragraphs.push('The attached calendar file moves the event in your calendar.');
      return {
        greeting: `Hello ${a.customer.name},`,
        paragraphs,
        details: appointmentDetails(a, ctx, [['Status', a.status]]),
        ...appointmentsLink(a, ctx),
      };
    }
    case 'booking-reminder': {
      const a = message.data.appointment;
      return {
        greeting: `Hello ${a.customer.name},`,
        paragraphs: [`A reminder of your appointment at ${WORKSHOP_NAME}.`],
        details: appointmentDetails(a, ctx),
        ...appointmentsLink(a, ctx),
      };
    }
    case 'listing-approved':
      return {
        greeting: `Hello ${message.data.sellerName},`,
        paragraphs: [`Your listing "${message.data.title}" is approved and visible to buyers.`],
        action: { label: 'See your listing', url: `${ctx.baseUrl}/vehicles/${message.data.vehicleId}` },
      };
    case 'listing-sent-back':
      return {
        greeting: `Hello ${message.data.sellerName},`,
        paragraphs: [`Your listing "${message.data.title}" needs a few changes before it can be published.`],
        details: [['What to change', message.data.reason]],
        action: { label: 'Edit your listing', url: `${ctx.baseUrl}/account/vehicles/${message.data.vehicleId}/edit` },
      };
    case 'listing-rejected':
      return {
        greeting: `Hello ${message.data.sellerName},`,
        paragraphs: [`We are sorry: your listing "${message.data.title}" was not approved.`],
        details: [['Reason', message.data.reason]],
        action: { label: 'Your listings', url: `${ctx.baseUrl}/account/vehicles` },
      };
    case 'listing-sold':
      return {
        greeting: `Hello ${message.data.sellerName},`,
        paragraphs: [`Congratulations: "${message.data.title}" is marked as sold.`],
        action: { label: 'Your listings', url: `${ctx.baseUrl}/account/vehicles` },
      };
    case 'welcome':
      // Sent to an address nobody has verified yet: it carries nothing the sign-up typed (a stranger
      // could otherwise put a message of their own, in the name, into someone else's mailbox).
      return {
        greeting: 'Hello,',
        paragraphs: [
          `Welcome to ${PRODUCT_NAME}. Your account is ready: browse vehicles, list your own car for sale and book maintenance online.`,
        ],
        action: { label: 'Go to your account', url: `${ctx.baseUrl}/account` },
        footnote: `You receive this because this e-mail address was used to create an account at ${PRODUCT_NAME}. If that was not you, ignore this e-mail.`,
      };
    case 'password-reset':
      return {
        greeting: `Hello ${message.data.name},`,
        paragraphs: ['Someone asked to reset the password of your account. Use the button below to choose a new one.'],
        action: { label: 'Reset your password', url: `${ctx.baseUrl}/reset-password#${message.data.token}` },
        footnote:
          'The link works once and expires in 1 hour. Resetting your password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays the same.',
      };
  }
}

/** The calendar file a booking message carries: the event added or moved (PUBLISH), or removed (CANCEL). */
function calendarAttachment(message: EmailMessageInput, ctx: RenderContext): RenderedEmail['attachments'] {
  const method =
    message.kind === 'booking-received' || message.kind === 'booking-approved' || message.kind === 'booking-moved'
      ? 'PUBLISH'
      : message.kind === 'booking-cancelled'
        ? 'CANCEL'
        : null;
  if (!method) return [];
  const { appointment, sequence = 0 } = message.data as { appointment: MaintenanceAppointment; sequence?: number };
  const host = new URL(ctx.baseUrl).hostname;
  const organizerEmail = /<([^<>]+)>\s*$/.exec(ctx.sender)?.[1] ?? ctx.sender.trim();
  return [
    {
      filename: icsFileName(appointment),
      content: appointmentIcs(appointment, { timeZone: ctx.timeZone, now: ctx.now, host, workshop: ctx.workshop, sequence, method, organizerEmail }),
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      // Readable in the raw message (and by tests); an en dash in the summary needs more than 7 bits.
      contentTransferEncoding: 'quoted-printable',
    },
  ];
}

/** The whole message: subject, plain text, HTML and (for a booking event) its calendar file. */
export function renderEmail(message: EmailMessageInput, ctx: RenderContext): RenderedEmail {
  const subject = emailSubject(message);
  const content = body(message, ctx);
  return { subject, text: text(content, ctx), html: html(subject, content, ctx), attachments: calendarAttachment(message, ctx) };
}
