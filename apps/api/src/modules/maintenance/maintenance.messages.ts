import { formatWeekdayDate, type MaintenanceAppointment } from '@dealer/shared';
import type { MailAttachment, MailBody, MailTemplate, MailTemplates, RenderContext } from '../../mail/registry';
import type { CompletionDocument } from './maintenance.context';
import { appointmentIcs, icsFileName, WORKSHOP_NAME, workshopLocation } from './maintenance.ics';

/**
 * An appointment as a booking e-mail tells of it, with the revision of its calendar event at that
 * moment (messages queued before revisions were kept have none: 0).
 */
export interface AppointmentMail {
  appointment: MaintenanceAppointment;
  sequence?: number;
}

/** Where a moved appointment was before. */
export interface PreviousSlot {
  appointmentDate: string;
  appointmentTime: string;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'booking-received': AppointmentMail;
    'booking-workshop-notice': AppointmentMail;
    'booking-approved': AppointmentMail;
    'booking-completed': AppointmentMail & { invoice?: CompletionDocument };
    'booking-cancelled': AppointmentMail & { cancelledBy: 'customer' | 'workshop' };
    'booking-moved': AppointmentMail & { previous: PreviousSlot; movedBy: 'customer' | 'workshop' };
    'booking-reminder': AppointmentMail;
  }
}

/** An appointment's date as the site shows it: 'Monday, November 30, 2026'. */
const day = (a: Pick<MaintenanceAppointment, 'appointmentDate'>) => formatWeekdayDate(a.appointmentDate);

/** Whole cents as dollars, without floating point: 12345 -> "$123.45". */
const cents = (value: number) => `${value < 0 ? '-' : ''}$${Math.trunc(Math.abs(value) / 100).toLocaleString('en-US')}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

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
const appointmentsLink = (a: MaintenanceAppointment, ctx: RenderContext): Pick<MailBody, 'action'> =>
  a.userId ? { action: { label: 'View your appointments', url: `${ctx.baseUrl}/account/maintenance/history` } } : {};

/** The calendar file a booking message carries: the event added or moved (PUBLISH), or removed (CANCEL). */
const calendarFile =
  (method: 'PUBLISH' | 'CANCEL') =>
  ({ appointment, sequence = 0 }: AppointmentMail, ctx: RenderContext): MailAttachment[] => {
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
  };

const bookingReceived: MailTemplate<AppointmentMail> = {
  subject: ({ appointment }) => `We received your booking for ${day(appointment)}`,
  body: ({ appointment: a }, ctx) => ({
    greeting: `Hello ${a.customer.name},`,
    paragraphs: [
      `Thank you for booking with ${WORKSHOP_NAME}. We received your request and will confirm it shortly.`,
      'The attached calendar file adds the appointment to your calendar.',
    ],
    details: appointmentDetails(a, ctx, [['Status', a.status]]),
    ...appointmentsLink(a, ctx),
  }),
  attachments: calendarFile('PUBLISH'),
};

const bookingWorkshopNotice: MailTemplate<AppointmentMail> = {
  subject: ({ appointment: a }) => `New booking: ${a.specificService} on ${day(a)} at ${a.appointmentTime}`,
  body: ({ appointment: a }, ctx) => ({
    greeting: 'Hello team,',
    paragraphs: ['A new maintenance booking is waiting for review.'],
    details: appointmentDetails(a, ctx, [
      ['Customer', a.customer.name],
      ['Phone', a.customer.phone],
    ]),
    action: { label: 'Review the booking', url: `${ctx.baseUrl}/admin/maintenance/${a._id}` },
  }),
};

const bookingApproved: MailTemplate<AppointmentMail> = {
  subject: ({ appointment }) => `Your appointment on ${day(appointment)} is scheduled`,
  body: ({ appointment: a }, ctx) => ({
    greeting: `Hello ${a.customer.name},`,
    paragraphs: ['Good news: your appointment is confirmed.'],
    details: appointmentDetails(a, ctx, [
      ['Status', 'Scheduled'],
      ['Technician', a.technician ?? 'To be assigned'],
      ['Price', money(a.cost)],
    ]),
    ...appointmentsLink(a, ctx),
  }),
  attachments: calendarFile('PUBLISH'),
};

/** The completion e-mail: with the job's invoice, its number and total, and the invoice as a PDF. */
const bookingCompleted: MailTemplate<AppointmentMail & { invoice?: CompletionDocument }> = {
  subject: ({ appointment }) => `Your ${appointment.specificService} is complete`,
  body: ({ appointment: a, invoice }, ctx) => ({
    greeting: `Hello ${a.customer.name},`,
    paragraphs: [
      `Your ${a.specificService} is complete. Thank you for choosing ${WORKSHOP_NAME}.`,
      ...(invoice ? [`Your invoice ${invoice.number} is attached.`] : []),
    ],
    details: appointmentDetails(a, ctx, [
      ['Technician', a.technician ?? '—'],
      ...(invoice
        ? ([
            ['Invoice', invoice.number],
            ['Total', cents(invoice.totalCents)],
          ] as [string, string][])
        : ([['Price', money(a.cost)]] as [string, string][])),
    ]),
    ...(invoice && a.userId ? { action: { label: 'View your invoices', url: `${ctx.baseUrl}/account/invoices` } } : appointmentsLink(a, ctx)),
  }),
  attachments: ({ invoice }) =>
    invoice
      ? [{ filename: invoice.pdf.filename, content: invoice.pdf.base64, encoding: 'base64', contentType: 'application/pdf', contentTransferEncoding: 'base64' }]
      : [],
};

const bookingCancelled: MailTemplate<AppointmentMail & { cancelledBy: 'customer' | 'workshop' }> = {
  subject: ({ appointment }) => `Your appointment on ${day(appointment)} is cancelled`,
  body: ({ appointment: a, cancelledBy }, ctx) => ({
    greeting: `Hello ${a.customer.name},`,
    paragraphs: [
      cancelledBy === 'customer'
        ? 'As you asked, your appointment is cancelled.'
        : 'We are sorry: the workshop had to cancel your appointment. You are welcome to book another time.',
    ],
    details: appointmentDetails(a, ctx),
    ...(a.userId
      ? { action: { label: 'Book another appointment', url: `${ctx.baseUrl}/account/maintenance/create` } }
      : { footnote: 'To book another time, call or visit the workshop.' }),
  }),
  attachments: calendarFile('CANCEL'),
};

const bookingMoved: MailTemplate<AppointmentMail & { previous: PreviousSlot; movedBy: 'customer' | 'workshop' }> = {
  subject: ({ appointment: a }) => `Your appointment has moved to ${day(a)} at ${a.appointmentTime}`,
  body: ({ appointment: a, previous, movedBy }, ctx) => {
    const before = `${day(previous)} at ${previous.appointmentTime}`;
    const paragraphs =
      movedBy === 'customer'
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
  },
  attachments: calendarFile('PUBLISH'),
};

const bookingReminder: MailTemplate<AppointmentMail> = {
  subject: ({ appointment: a }) => `Reminder: your appointment on ${day(a)} at ${a.appointmentTime}`,
  body: ({ appointment: a }, ctx) => ({
    greeting: `Hello ${a.customer.name},`,
    paragraphs: [`A reminder of your appointment at ${WORKSHOP_NAME}.`],
    details: appointmentDetails(a, ctx),
    ...appointmentsLink(a, ctx),
  }),
};

/** The e-mails of a booking's life, registered with mail at the composition root. */
export const maintenanceMailTemplates: MailTemplates<
  | 'booking-received'
  | 'booking-workshop-notice'
  | 'booking-approved'
  | 'booking-completed'
  | 'booking-cancelled'
  | 'booking-moved'
  | 'booking-reminder'
> = {
  'booking-received': bookingReceived,
  'booking-workshop-notice': bookingWorkshopNotice,
  'booking-approved': bookingApproved,
  'booking-completed': bookingCompleted,
  'booking-cancelled': bookingCancelled,
  'booking-moved': bookingMoved,
  'booking-reminder': bookingReminder,
};
