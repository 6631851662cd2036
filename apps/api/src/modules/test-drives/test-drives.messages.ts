import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { formatWeekdayDate, PRODUCT_NAME, type TestDrive } from '@dealer/shared';
import type { MailAttachment, MailBody, MailTemplate, MailTemplates, RenderContext } from '../../mail/registry';
import { workshopTimeToInstant } from '../workshop-calendar';
import { hourOf } from './test-drives.calendar';

/** A test drive as an e-mail tells of it, with its calendar event's revision at that moment. */
export interface TestDriveMail {
  drive: TestDrive;
  sequence: number;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'test-drive-booked': TestDriveMail;
    'test-drive-sales-notice': TestDriveMail & { event: 'booked' | 'moved' | 'cancelled' };
    'test-drive-moved': TestDriveMail & { previous: { date: string; time: string } };
    'test-drive-cancelled': TestDriveMail & { cancelledBy: 'customer' | 'dealership' };
    'test-drive-reminder': TestDriveMail;
  }
}

const SALES_NAME = `${PRODUCT_NAME} Sales`;
const DRIVE_LENGTH_MS = 60 * 60 * 1000;
const carOf = (d: TestDrive) => `${d.vehicle.year} ${d.vehicle.make} ${d.vehicle.model}`;
const day = (d: TestDrive) => formatWeekdayDate(d.date);

/**
 * The drive's calendar file, written as maintenance writes its own: UTC start and end from the
 * dealership's wall-clock hour in its zone, one UID for the drive's life, SEQUENCE raised on each change,
 * METHOD:CANCEL with organizer and attendee to remove it.
 */
export function testDriveIcs(drive: TestDrive, ctx: RenderContext, sequence: number, method: 'PUBLISH' | 'CANCEL'): string {
  const host = new URL(ctx.baseUrl).hostname;
  const start = workshopTimeToInstant(drive.date, hourOf(drive.time), ctx.timeZone);
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: 'Test drives', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    x: [['X-WR-TIMEZONE', ctx.timeZone]],
  });
  const organizerEmail = /<([^<>]+)>\s*$/.exec(ctx.sender)?.[1] ?? ctx.sender.trim();
  calendar.createEvent({
    id: `test-drive-${drive._id}@${host}`,
    sequence,
    stamp: ctx.now,
    start,
    end: new Date(start.getTime() + DRIVE_LENGTH_MS),
    summary: `Test drive – ${carOf(drive)}`,
    location: `${SALES_NAME}, ${ctx.workshop.address}`,
    description: [
      `Test drive of the ${carOf(drive)}.`,
      `${day(drive)} at ${drive.time} (${ctx.timeZone}).`,
      'Please bring your driving licence.',
      `${SALES_NAME}, ${ctx.workshop.address}. Phone ${ctx.workshop.phone}.`,
    ].join('\n'),
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(method === 'CANCEL'
      ? { organizer: { name: SALES_NAME, email: organizerEmail }, attendees: [{ email: drive.customer.email, name: drive.customer.name }] }
      : {}),
  });
  return `${calendar.toString()}\r\n`;
}

const calendarFile =
  (method: 'PUBLISH' | 'CANCEL') =>
  ({ drive, sequence }: TestDriveMail, ctx: RenderContext): MailAttachment[] => [
    {
      filename: `test-drive-${drive.date}.ics`,
      content: testDriveIcs(drive, ctx, sequence, method),
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      contentTransferEncoding: 'quoted-printable',
    },
  ];

const details = (d: TestDrive, ctx: RenderContext): [string, string][] => [
  ['Car', carOf(d)],
  ['Date', day(d)],
  ['Time', d.time],
  ['Where', `${SALES_NAME}, ${ctx.workshop.address}`],
  ['Phone', ctx.workshop.phone],
];

const accountLink = (ctx: RenderContext): Pick<MailBody, 'action'> => ({
  action: { label: 'View your test drives', url: `${ctx.baseUrl}/account/test-drives` },
});

const booked: MailTemplate<TestDriveMail> = {
  subject: ({ drive }) => `Your test drive on ${day(drive)} at ${drive.time}`,
  body: ({ drive }, ctx) => ({
    greeting: `Hello ${drive.customer.name},`,
    paragraphs: [
      `Your test drive of the ${carOf(drive)} is booked. Please bring your driving licence.`,
      'The attached calendar file adds it to your calendar.',
    ],
    details: details(drive, ctx),
    ...accountLink(ctx),
  }),
  attachments: calendarFile('PUBLISH'),
};

const salesNotice: MailTemplate<TestDriveMail & { event: 'booked' | 'moved' | 'cancelled' }> = {
  subject: ({ drive, event }) => `Test drive ${event}: ${carOf(drive)} on ${day(drive)} at ${drive.time}`,
  body: ({ drive, event }, ctx) => ({
    greeting: 'Hello team,',
    paragraphs: [`A test drive was ${event}.`],
    details: [...details(drive, ctx), ['Customer', drive.customer.name], ['Customer phone', drive.customer.phone], ['Customer e-mail', drive.customer.email]],
    action: { label: 'Open the sales calendar', url: `${ctx.baseUrl}/admin/test-drives` },
  }),
};

const moved: MailTemplate<TestDriveMail & { previous: { date: string; time: string } }> = {
  subject: ({ drive }) => `Your test drive moved to ${day(drive)} at ${drive.time}`,
  body: ({ drive, previous }, ctx) => ({
    greeting: `Hello ${drive.customer.name},`,
    paragraphs: [
      `Your test drive of the ${carOf(drive)} has moved from ${formatWeekdayDate(previous.date)} at ${previous.time} to ${day(drive)} at ${drive.time}.`,
      'The attached calendar file moves it in your calendar.',
    ],
    details: details(drive, ctx),
    ...accountLink(ctx),
  }),
  attachments: calendarFile('PUBLISH'),
};

const cancelled: MailTemplate<TestDriveMail & { cancelledBy: 'customer' | 'dealership' }> = {
  subject: ({ drive }) => `Your test drive on ${day(drive)} is cancelled`,
  body: ({ drive, cancelledBy }, ctx) => ({
    greeting: `Hello ${drive.customer.name},`,
    paragraphs: [
      cancelledBy === 'customer'
        ? 'As you asked, your test drive is cancelled.'
        : 'We are sorry: the dealership had to cancel your test drive. You are welcome to book another time.',
    ],
    details: details(drive, ctx),
    ...accountLink(ctx),
  }),
  attachments: calendarFile('CANCEL'),
};

const reminder: MailTemplate<TestDriveMail> = {
  subject: ({ drive }) => `Reminder: your test drive ${day(drive)} at ${drive.time}`,
  body: ({ drive }, ctx) => ({
    greeting: `Hello ${drive.customer.name},`,
    paragraphs: [`A reminder of your test drive of the ${carOf(drive)}. Please bring your driving licence.`],
    details: details(drive, ctx),
    ...accountLink(ctx),
  }),
};

export const testDriveMailTemplates: MailTemplates<
  'test-drive-booked' | 'test-drive-sales-notice' | 'test-drive-moved' | 'test-drive-cancelled' | 'test-drive-reminder'
> = {
  'test-drive-booked': booked,
  'test-drive-sales-notice': salesNotice,
  'test-drive-moved': moved,
  'test-drive-cancelled': cancelled,
  'test-drive-reminder': reminder,
};
