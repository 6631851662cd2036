import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBackground, type Background } from '../background';
import { emailMessages, maintenanceAppointments } from '../db/schema';
import { localStorage } from '../infra/storage';
import { createTestApp, fixedClock, type TestContext } from '../test/harness';
import { queueDueReminders } from '../modules/maintenance';
import { bookingBody, createAdmin, createUser } from '../test/factories';
import { bookOk, cancelAppointment, patchAppointment } from '../test/requests';
import { decodeQuotedPrintable, eventually, fastEmailRetries, startTestSmtp, type TestSmtp } from '../test/mail';
import { emailDeliveryJob } from './delivery';
import { enqueueEmail } from './outbox';
import { fileTransport } from './transport';

const NOW = '2026-06-10T14:30:00Z';
const WORKSHOP = 'workshop@example.com';

let ctx: TestContext;
let restoreRetries: () => Promise<void>;
const running: { background?: Background; smtp?: TestSmtp }[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ clock: fixedClock(NOW), config: { WORKSHOP_EMAIL: WORKSHOP, BOOKING_HORIZON_DAYS: 400 } });
  restoreRetries = await fastEmailRetries(ctx.database.db);
});
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.background?.stop(2000);
    await r.smtp?.close();
  }
  await ctx.database.db.execute(sql`delete from pgboss.job`);
});
afterAll(async () => {
  await restoreRetries();
  await ctx.close();
});

function background(smtpUrl?: string) {
  return startBackground({
    db: ctx.database.db,
    clock: ctx.clock,
    config: { ...ctx.config, SMTP_URL: smtpUrl },
    storage: localStorage(path.join(ctx.dataDir, 'uploads')),
    emailPollingSeconds: 0.5,
  });
}

const messagesTo = (smtp: TestSmtp, to: string) =>
  smtp.received.filter((m) => m.to.includes(to)).map((m) => ({ ...m, raw: decodeQuotedPrintable(m.raw) }));

describe('booking e-mails over SMTP', () => {
  it('sends the customer a confirmation with its .ics and the workshop a notice', async () => {
    const smtp = await startTestSmtp();
    running.push({ smtp, background: await background(smtp.url) });
    // Booking e-mails go to the customer's account address.
    const user = await createUser(ctx, { email: 'ics@example.com' });
    const booking = await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-06-15', customer: { email: 'ics@example.com' } }));

    const [confirmation] = await eventually(() => messagesTo(smtp, 'ics@example.com').length > 0 && messagesTo(smtp, 'ics@example.com'));
    await eventually(() => messagesTo(smtp, WORKSHOP).length > 0);
    expect(confirmation!.raw).toContain('Subject: We received your booking for Monday, June 15, 2026');
    expect(confirmation!.raw).toMatch(/Content-Type: text\/calendar/);
    expect(confirmation!.raw).toContain('BEGIN:VCALENDAR');
    expect(confirmation!.raw).toMatch(/Content-Type: text\/html/);
    expect(confirmation!.raw).toMatch(/Content-Type: text\/plain/);
    expect(confirmation!.raw).toContain('http://localhost:3000/account/maintenance/history');
    const notice = messagesTo(smtp, WORKSHOP)[0]!;
    expect(notice.raw).toContain(`/admin/maintenance/${booking._id}`);

    // The server has the message a moment before the outbox records the delivery.
    const rows = await eventually(async () => {
      const found = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, 'ics@example.com'));
      return found.length > 0 && found.every((row) => row.status !== 'queued') && found;
    });
    expect(rows).toMatchObject([{ kind: 'booking-received', status: 'delivered', attempts: 1, error: null }]);
  });

  it('a booking made while the mail server is down is delivered once when it comes back', async () => {
    const smtp = await startTestSmtp({ down: true });
    running.push({ smtp, background: await background(smtp.url) });
    // Booking e-mails go to the customer's account address.
    const user = await createUser(ctx, { email: 'down@example.com' });
    await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-06-16', customer: { email: 'down@example.com' } }));

    const failed = await eventually(async () => {
      const [row] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, 'down@example.com'));
      return row && row.attempts >= 1 && row.error ? row : undefined;
    });
    expect(failed.status).toBe('queued');
    expect(failed.error).toMatch(/ECONNREFUSED/);

    await smtp.up();
    await eventually(() => messagesTo(smtp, 'down@example.com').length > 0);
    // Longer than a few retry delays: nothing arrives twice.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(messagesTo(smtp, 'down@example.com')).toHaveLength(1);
    expect(messagesTo(smtp, 'down@example.com')[0]!.raw).toContain('BEGIN:VCALENDAR');
    const [row] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, 'down@example.com'));
    expect(row).toMatchObject({ status: 'delivered', error: null });
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
  });

  it('a refused booking queues nothing', async () => {
    const user = await createUser(ctx, { email: 'refused@example.com' });
    const before = await ctx.database.db.$count(emailMessages);
    const jobs = async () => (await ctx.database.db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as { rows: { n: number }[] };
    const jobsBefore = (await jobs()).rows[0]!.n;
    // A Sunday: the service refuses it after validation, inside no committed transaction.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: user.auth,
      payload: bookingBody({ appointmentDate: '2026-06-14', customer: { email: 'refused@example.com' } }),
    });
    expect(res.statusCode).toBe(422);
    // The slot is full: refused inside the transaction, after the appointment would have been written.
    const other = await createUser(ctx);
    await bookOk(ctx, other, bookingBody({ appointmentDate: '2026-06-17', appointmentTime: '09:00 AM' }));
    await bookOk(ctx, other, bookingBody({ appointmentDate: '2026-06-17', appointmentTime: '09:00 AM' }));
    const afterFull = await ctx.database.db.$count(emailMessages);
    const full = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: user.auth,
      payload: bookingBody({ appointmentDate: '2026-06-17', appointmentTime: '09:00 AM', customer: { email: 'refused@example.com' } }),
    });
    expect(full.statusCode).toBe(409);
    expect(await ctx.database.db.$count(emailMessages)).toBe(afterFull);
    expect(afterFull - before).toBe(4);
    expect((await jobs()).rows[0]!.n - jobsBefore).toBe(4);
    expect(await ctx.database.db.$count(emailMessages, eq(emailMessages.toAddress, 'refused@example.com'))).toBe(0);
  });

  it('approval, completion and cancellation each tell the customer', async () => {
    const smtp = await startTestSmtp();
    running.push({ smtp, background: await background(smtp.url) });
    const admin = await createAdmin(ctx);
    // Booking e-mails go to the customer's account address.
    const user = await createUser(ctx, { email: 'status@example.com' });
    const a = await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-06-18', customer: { email: 'status@example.com' } }));
    expect((await patchAppointment(ctx, admin, a._id, { status: 'Scheduled', cost: 89.5, technician: 'Sam Rivera' })).statusCode).toBe(200);
    expect((await patchAppointment(ctx, admin, a._id, { notes: 'Bring the spare key' })).statusCode).toBe(200);
    expect((await patchAppointment(ctx, admin, a._id, { status: 'Completed' })).statusCode).toBe(200);
    const b = await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-06-19', customer: { email: 'status@example.com' } }));
    const cancelled = await cancelAppointment(ctx, user, b._id);
    expect(cancelled.statusCode).toBe(200);

    await eventually(() => messagesTo(smtp, 'status@example.com').length >= 5);
    const subjects = messagesTo(smtp, 'status@example.com').map((m) => /^Subject: (.*)$/m.exec(m.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]);
    expect(subjects.sort()).toEqual(
      [
        'We received your booking for Thursday, June 18, 2026',
        'Your appointment on Thursday, June 18, 2026 is scheduled',
        'Your Oil Change is complete',
        'We received your booking for Friday, June 19, 2026',
        'Your appointment on Friday, June 19, 2026 is cancelled',
      ].sort(),
    );
    const approved = messagesTo(smtp, 'status@example.com').find((m) => m.raw.includes('is scheduled'))!;
    expect(approved.raw).toContain('Sam Rivera');
    expect(approved.raw).toContain('$89.50');
    const cancel = messagesTo(smtp, 'status@example.com').find((m) => m.raw.includes('is cancelled'))!;
    expect(cancel.raw).toContain('As you asked');
  });
});

describe('several workers', () => {
  it('two queue instances on one database deliver each message once', async () => {
    const smtp = await startTestSmtp();
    running.push({ smtp, background: await background(smtp.url) }, { background: await background(smtp.url) });
    const dates = ['2026-06-22', '2026-06-23', '2026-06-24', '2026-06-25', '2026-06-26'];
    for (const [i, date] of dates.entries())
      await bookOk(ctx, await createUser(ctx, { email: `pair${i}@example.com` }), bookingBody({ appointmentDate: date }));
    await eventually(() => dates.every((_, i) => messagesTo(smtp, `pair${i}@example.com`).length > 0));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const i of dates.keys()) expect(messagesTo(smtp, `pair${i}@example.com`)).toHaveLength(1);
    expect(messagesTo(smtp, WORKSHOP)).toHaveLength(dates.length);
  });
});

describe('reminders', () => {
  it('queues one reminder REMINDER_HOURS before the appointment, once, even when looked for twice at once', async () => {
    const smtp = await startTestSmtp();
    running.push({ smtp, background: await background(smtp.url) });
    // Booking e-mails go to the customer's account address.
    const user = await createUser(ctx, { email: 'remind@example.com' });
    // 2026-07-01 10:00 AM in New York is 14:00 UTC.
    const a = await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-07-01', customer: { email: 'remind@example.com' } }));
    const deps = { db: ctx.database.db, clock: ctx.clock, config: ctx.config };
    expect(await queueDueReminders(deps)).toBe(0);
    const clock = ctx.clock as ReturnType<typeof fixedClock>;
    clock.set('2026-06-30T14:01:00Z');
    try {
      const counts = await Promise.all([queueDueReminders(deps), queueDueReminders(deps)]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
      expect(await queueDueReminders(deps)).toBe(0);
      await eventually(() => smtp.received.some((m) => m.raw.replace(/\r?\n[ \t]+/g, ' ').includes('Subject: Reminder: your appointment on Wednesday, July 1, 2026')));
      const [row] = await ctx.database.db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, a._id));
      expect(row!.reminderSentAt?.toISOString()).toBe('2026-06-30T14:01:00.000Z');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received.filter((m) => m.raw.includes('Subject: Reminder:'))).toHaveLength(1);
    } finally {
      clock.set(NOW);
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    running.push({ background: await background(undefined) });
    // Booking e-mails go to the customer's account address.
    const user = await createUser(ctx, { email: 'files@example.com' });
    await bookOk(ctx, user, bookingBody({ appointmentDate: '2026-06-29', customer: { email: 'files@example.com' } }));
    const dir = path.join(ctx.dataDir, 'mail');
    const files = await eventually(async () => {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
      const texts = await Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8')));
      // Both messages: the customer's and the workshop's are delivered by separate jobs.
      return texts.some((t) => t.includes('To: files@example.com')) && texts.some((t) => t.includes(`To: ${WORKSHOP}`)) && texts;
    });
    const confirmation = files.find((t) => t.includes('To: files@example.com'))!;
    expect(confirmation).toContain('Subject: We received your booking for Monday, June 29, 2026');
    expect(confirmation).toContain('BEGIN:VCALENDAR');
    expect(files.some((t) => t.includes(`To: ${WORKSHOP}`))).toBe(true);
  });
});

describe('the delivery job', () => {
  it('counts each attempt, sends a message once, and passes over one delivered or gone', async () => {
    const dir = path.join(ctx.dataDir, 'mail-direct');
    const deliver = emailDeliveryJob({ db: ctx.database.db, clock: ctx.clock, config: ctx.config, transport: fileTransport(dir) });
    const id = await ctx.database.db.transaction((tx) =>
      enqueueEmail(tx, { kind: 'lead-received', to: 'once@example.com', data: { vehicleId: 'v1', title: '2021 Honda Civic', name: 'Olive', source: 'question', offerCents: null } }),
    );
    const job = { id, retryCount: 0, retryLimit: 3 };
    const row = async () => (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!;
    const sent = async () => (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).length;

    await deliver({ messageId: id }, job);
    expect(await row()).toMatchObject({ status: 'delivered', attempts: 1, error: null });
    expect(await sent()).toBe(1);
    // Run again (a job fetched twice): nothing more is sent or counted.
    await deliver({ messageId: id }, job);
    expect(await row()).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await sent()).toBe(1);
    // A message no longer logged, or no id at all: nothing to send.
    await deliver({ messageId: '00000000-0000-4000-8000-000000000000' }, job);
    await deliver({}, job);
    expect(await sent()).toBe(1);
  });
});
