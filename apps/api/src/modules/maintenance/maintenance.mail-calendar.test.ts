import path from 'node:path';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackground, type Background } from '../../background';
import { localStorage } from '../../infra/storage';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { bookingBody, createAdmin, createUser } from '../../test/factories';
import { bookOk, cancelAppointment, patchAppointment, rescheduleAppointment } from '../../test/requests';
import { eventually, fastEmailRetries, mimeParts, startTestSmtp, type TestSmtp } from '../../test/mail';

// Every booking e-mail as the customer receives it: dates as the site shows them, the workshop's
// address and phone, and a calendar file that keeps one event up to date (same UID, rising SEQUENCE)
// until a cancellation removes it.

const NOW = '2026-06-10T14:30:00Z';
const ADDRESS = '77 Harbor Road, Portland, ME 04101';
const PHONE = '+1 (207) 555-0142';

let ctx: TestContext;
let smtp: TestSmtp;
let background: Background;
let restoreRetries: () => Promise<void>;

beforeAll(async () => {
  ctx = await createTestApp({
    clock: fixedClock(NOW),
    config: {
      BOOKING_HORIZON_DAYS: 400,
      WORKSHOP_ADDRESS: ADDRESS,
      WORKSHOP_PHONE: PHONE,
      MAIL_FROM: 'Apex Service <service@example.com>',
    },
  });
  restoreRetries = await fastEmailRetries(ctx.database.db);
  smtp = await startTestSmtp();
  background = await startBackground({
    db: ctx.database.db,
    clock: ctx.clock,
    config: { ...ctx.config, SMTP_URL: smtp.url },
    storage: localStorage(path.join(ctx.dataDir, 'uploads')),
    emailPollingSeconds: 0.5,
  });
});
afterEach(async () => {
  await ctx.database.db.execute(sql`delete from pgboss.job where state in ('completed', 'failed')`);
});
afterAll(async () => {
  await background.stop(2000);
  await smtp.close();
  await restoreRetries();
  await ctx.close();
});

interface Received {
  subject: string;
  text: string;
  html: string;
  calendar?: { method: string; event: ICAL.Component; raw: string; contentType: string };
}

/** The messages delivered to `to`, in the order they arrived, split into their decoded parts. */
function received(to: string): Received[] {
  return smtp.received
    .filter((m) => m.to.includes(to))
    .map((m) => {
      const parts = mimeParts(m.raw);
      const ics = parts.find((p) => p.contentType === 'text/calendar');
      const calendar = ics ? new ICAL.Component(ICAL.parse(ics.body)) : undefined;
      return {
        subject: /^Subject: (.*)$/m.exec(m.raw.replace(/\r?\n[ \t]+/g, ' '))![1]!,
        text: parts.find((p) => p.contentType === 'text/plain')!.body,
        html: parts.find((p) => p.contentType === 'text/html')!.body,
        calendar: calendar && {
          method: String(calendar.getFirstPropertyValue('method')),
          event: calendar.getFirstSubcomponent('vevent')!,
          raw: ics!.body,
          contentType: ics!.contentType,
        },
      };
    });
}

const waitFor = (to: string, count: number) => eventually(() => received(to).length >= count && received(to), 30_000);
const prop = (event: ICAL.Component, name: string) => event.getFirstPropertyValue(name);

describe('booking e-mails as received', () => {
  it('a booking, its move by the customer, a move by staff and the cancellation keep one calendar event up to date', async () => {
    const user = await createUser(ctx);
    // A customer's booking mail goes to their account's address.
    const to = user.email;
    const admin = await createAdmin(ctx);
    const a = await bookOk(
      ctx,
      user,
      bookingBody({ appointmentDate: '2026-11-30', appointmentTime: '10:00 AM', customer: { email: to } }),
    );

    const [booked] = await waitFor(to, 1);
    expect(booked!.subject).toBe('We received your booking for Monday, November 30, 2026');
    for (const part of [booked!.text, booked!.html]) {
      expect(part).toContain('Monday, November 30, 2026');
      expect(part).not.toContain('2026-11-30');
      expect(part).toContain(ADDRESS);
      expect(part).toContain(PHONE);
    }
    expect(booked!.calendar!.method).toBe('PUBLISH');
    const uid = String(prop(booked!.calendar!.event, 'uid'));
    expect(uid).toBe(`${a._id}@localhost`);
    expect(prop(booked!.calendar!.event, 'sequence')).toBe(0);
    expect(prop(booked!.calendar!.event, 'location')).toBe(`Apex Motors Service Center, ${ADDRESS}`);
    // 10 AM in New York in November (EST, UTC-5).
    expect(String(prop(booked!.calendar!.event, 'dtstart'))).toBe('2026-11-30T15:00:00Z');

    // The customer moves it: a 'moved' e-mail whose calendar file updates the same event.
    expect(
      (await rescheduleAppointment(ctx, user, a._id, { appointmentDate: '2026-12-01', appointmentTime: '02:00 PM' })).statusCode,
    ).toBe(200);
    const movedByCustomer = (await waitFor(to, 2))[1]!;
    expect(movedByCustomer.subject).toBe('Your appointment has moved to Tuesday, December 1, 2026 at 02:00 PM');
    expect(movedByCustomer.text).toContain('As you asked, your appointment has moved from Monday, November 30, 2026 at 10:00 AM');
    expect(movedByCustomer.html).toContain('Tuesday, December 1, 2026');
    expect(movedByCustomer.html).toContain(ADDRESS);
    expect(movedByCustomer.calendar!.method).toBe('PUBLISH');
    expect(prop(movedByCustomer.calendar!.event, 'uid')).toBe(uid);
    expect(prop(movedByCustomer.calendar!.event, 'sequence')).toBe(1);
    expect(String(prop(movedByCustomer.calendar!.event, 'dtstart'))).toBe('2026-12-01T19:00:00Z');

    // Staff move it: the customer is told who moved it, and the event moves again.
    expect(
      (await rescheduleAppointment(ctx, admin, a._id, { appointmentDate: '2026-12-02', appointmentTime: '09:00 AM' })).statusCode,
    ).toBe(200);
    const movedByStaff = (await waitFor(to, 3))[2]!;
    expect(movedByStaff.text).toContain('The workshop has moved your appointment from Tuesday, December 1, 2026 at 02:00 PM');
    expect(prop(movedByStaff.calendar!.event, 'uid')).toBe(uid);
    expect(prop(movedByStaff.calendar!.event, 'sequence')).toBe(2);

    // The customer cancels: METHOD:CANCEL with the same UID and a higher SEQUENCE removes the event.
    expect((await cancelAppointment(ctx, user, a._id)).statusCode).toBe(200);
    const cancelled = (await waitFor(to, 4))[3]!;
    expect(cancelled.subject).toBe('Your appointment on Wednesday, December 2, 2026 is cancelled');
    expect(cancelled.calendar!.contentType).toBe('text/calendar');
    expect(cancelled.calendar!.method).toBe('CANCEL');
    const event = cancelled.calendar!.event;
    expect(prop(event, 'uid')).toBe(uid);
    expect(prop(event, 'sequence')).toBe(3);
    expect(prop(event, 'status')).toBe('CANCELLED');
    expect(String(prop(event, 'organizer')).toLowerCase()).toBe('mailto:service@example.com');
    expect(String(prop(event, 'attendee')).toLowerCase()).toBe(`mailto:${to}`);
    expect(cancelled.text).toContain(PHONE);
  });

  it('the approval carries the same event, confirmed, and the downloaded .ics matches the latest revision', async () => {
    const user = await createUser(ctx);
    // A customer's booking mail goes to their account's address.
    const to = user.email;
    const admin = await createAdmin(ctx);
    const a = await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-11-27', customer: { email: to } }));
    expect(
      (await patchAppointment(ctx, admin, a._id, { status: 'Scheduled', cost: 50, technician: 'Sam Rivera' })).statusCode,
    ).toBe(200);
    const approved = (await waitFor(to, 2)).find((m) => m.subject.includes('is scheduled'))!;
    expect(approved.subject).toBe('Your appointment on Friday, November 27, 2026 is scheduled');
    expect(prop(approved.calendar!.event, 'sequence')).toBe(1);
    expect(prop(approved.calendar!.event, 'status')).toBe('CONFIRMED');

    const download = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${a._id}/calendar.ics`, headers: user.auth });
    const file = new ICAL.Component(ICAL.parse(download.body)).getFirstSubcomponent('vevent')!;
    expect(prop(file, 'uid')).toBe(prop(approved.calendar!.event, 'uid'));
    expect(prop(file, 'sequence')).toBe(1);
    expect(prop(file, 'location')).toBe(`Apex Motors Service Center, ${ADDRESS}`);
  });

  it('a bare carriage return in make, model or registration stays inside its text (escaped), never a new line of the file', async () => {
    const user = await createUser(ctx);
    // A customer's booking mail goes to their account's address.
    const to = user.email;
    const a = await bookOk(
      ctx,
      user,
      bookingBody({
        appointmentDate: '2026-11-24',
        customer: { email: to },
        vehicle: { make: 'Ford\rEND:VEVENT', model: 'Focus\rX-INJECTED:1', registration: 'AB\r12' },
      }),
    );
    const [mail] = await waitFor(to, 1);
    const download = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${a._id}/calendar.ics`, headers: user.auth });
    for (const ics of [mail!.calendar!.raw, download.body]) {
      // Every line break of the file is CRLF: no CR stands alone.
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const calendar = new ICAL.Component(ICAL.parse(ics));
      const events = calendar.getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      expect(events[0]!.getFirstProperty('x-injected')).toBeNull();
      expect(String(prop(events[0]!, 'summary'))).toBe('Oil Change – Ford\nEND:VEVENT Focus\nX-INJECTED:1');
      expect(String(prop(events[0]!, 'description'))).toContain('(AB\n12)');
    }
  });
});
