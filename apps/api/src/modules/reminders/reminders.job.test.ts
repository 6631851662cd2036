import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailMessages,
  estimateLines,
  estimates,
  garageVehicles,
  inspectionItems,
  reminderPreferences,
  serviceReminders,
  workshopCheckIns,
} from '../../db/schema';
import { createTokenSigner } from '../../infra/tokens';
import { templateOf } from '../../mail/registry';
import { reminderDomains } from '../../services';
import { bookingBody, createAdmin, createAppointment, createUser, type TestUser } from '../../test/factories';
import { createTestApp, fixedClock, type TestContext } from '../../test/harness';
import { bearerFor } from '../../test/sessions';
import type { ServiceReminderMail } from './reminders.messages';
import { sendDueReminders } from './reminders.job';
import { reminderUnsubscribeToken } from './reminders.unsubscribe';

// The daily reminders on a fake clock: a service due by date, or by projected mileage when that comes
// first; declined work 30 days after the decision; each e-mailed once, never when turned off, with a
// link that opens the booking wizard filled in, and an unsubscribe that works without a log-in.

const clock = fixedClock('2026-03-02T15:00:00Z');
let ctx: TestContext;
let admin: TestUser;
let dateUser: TestUser;
let mileUser: TestUser;
let offUser: TestUser;
let declineUser: TestUser;
let garageVehicleId: string;
let declinedLineId: string;

const run = () => sendDueReminders({ db: ctx.database.db, clock, config: ctx.config, tokens: createTokenSigner(ctx.config.JWT_SECRET!), ...reminderDomains });
const at = (iso: string) => clock.set(iso);
/** A fresh access token at the fake clock's time (one signed months earlier has expired). */
const authOf = (user: TestUser) => bearerFor(ctx, { id: user.id, role: user.role });
const remindersOf = (userId: string) => ctx.database.db.select().from(serviceReminders).where(eq(serviceReminders.userId, userId));
async function mailsTo(email: string): Promise<ServiceReminderMail[]> {
  const rows = await ctx.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.kind, 'service-reminder'), eq(emailMessages.toAddress, email)));
  return rows.map((r) => r.payload as ServiceReminderMail);
}
const renderCtx = () => ({ baseUrl: 'https://dealer.example', timeZone: 'UTC', now: clock.now(), workshop: { address: '', phone: '' }, sender: 'x@example.com' });

async function completedJob(user: TestUser, specificService: string, date: string, registration: string, odometer?: number) {
  const row = await createAppointment(ctx, {
    userId: user.id,
    specificService,
    appointmentDate: date,
    status: 'Completed',
    vehicle: { make: 'Honda', model: 'Civic', year: '2018', registration },
    customer: { name: `Customer ${user.username}`, email: user.email, phone: '5550001111' },
  });
  if (odometer !== undefined)
    await ctx.database.db.insert(workshopCheckIns).values({ appointmentId: row.id, registrationKey: registration.toUpperCase().replace(/[^A-Z0-9]/g, ''), odometer, fuelLevel: 'Full' });
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  admin = await createAdmin(ctx);
  [dateUser, mileUser, offUser, declineUser] = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx), createUser(ctx)]);
  const put = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/workshop/service-intervals',
    headers: admin.auth,
    payload: {
      intervals: [
        { specificService: 'Oil Change', months: 6, miles: 5000 },
        { specificService: 'Tire Rotation', months: 6, miles: 6000 },
        { specificService: 'Brake Inspection', months: 12, miles: null },
      ],
    },
  });
  expect(put.statusCode).toBe(200);

  // Due by date: one reading only, so no mileage projection.
  await completedJob(dateUser, 'Oil Change', '2026-01-05', 'DATE-1', 40_000);
  // Due by mileage: 3,100 miles in 31 days (100 a day); 6,000 more from 13,100 is 60 days after 1 February.
  await completedJob(mileUser, 'Engine Repair', '2026-01-01', 'MILE 1', 10_000);
  await completedJob(mileUser, 'Tire Rotation', '2026-02-01', 'MILE 1', 13_100);
  const [garage] = await ctx.database.db
    .insert(garageVehicles)
    .values({ userId: mileUser.id, make: 'Honda', model: 'Civic', year: '2018', registration: 'MILE 1', registrationKey: 'MILE1' })
    .returning();
  garageVehicleId = garage!.id;
  // Turned off in the profile.
  await completedJob(offUser, 'Oil Change', '2026-01-05', 'OFF-1', 20_000);
  const off = await ctx.app.inject({ method: 'PUT', url: '/api/account/reminders', headers: offUser.auth, payload: { remindersEnabled: false } });
  expect(off.json().data).toEqual({ remindersEnabled: false });

  // Declined work: decided now; one line approved, one declined, one declined but done since.
  const job = await completedJob(declineUser, 'Brake Inspection', '2026-03-02', 'DEC-1', 50_000);
  const [brakes] = await ctx.database.db.insert(inspectionItems).values({ appointmentId: job.id, position: 0, label: 'Brakes', condition: 'Needs attention soon' }).returning();
  const [estimate] = await ctx.database.db
    .insert(estimates)
    .values({ appointmentId: job.id, status: 'Decided', version: 1, taxRateBasisPoints: 0, sentAt: clock.now(), decidedAt: clock.now(), decidedName: 'Dee Clined' })
    .returning();
  const line = (position: number, description: string, decision: 'Approved' | 'Declined', extra: object = {}) => ({
    estimateId: estimate!.id,
    position,
    kind: 'Part' as const,
    description,
    quantityHundredths: 100,
    unitPriceCents: 5000,
    amountCents: 5000,
    decision,
    ...extra,
  });
  const [, declined] = await ctx.database.db
    .insert(estimateLines)
    .values([
      line(0, 'Brake fluid flush', 'Approved'),
      line(1, 'Front brake pads', 'Declined', { inspectionItemId: brakes!.id }),
      line(2, 'Wiper blades', 'Declined', { doneAppointmentId: job.id }),
    ])
    .returning();
  declinedLineId = declined!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('service reminders', () => {
  it('sends nothing before anything is due', async () => {
    expect(await run()).toBe(0);
    at('2026-04-01T14:59:00Z');
    expect(await run()).toBe(0);
  });

  it('offers a declined line again 30 days after the decision, once, with its service and registration in the link', async () => {
    at('2026-04-01T15:00:00Z');
    expect(await run()).toBe(1);
    const [reminder, ...more] = await remindersOf(declineUser.id);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ kind: 'Recommended work', estimateLineId: declinedLineId, specificService: 'Brake System Repair', vehicleRegistration: 'DEC-1' });
    const [mail] = await mailsTo(declineUser.email);
    expect(mail!.work).toBe('Front brake pads');
    // No garage vehicle for it: the registration fills the wizard's vehicle.
    expect(mail!.bookingPath).toBe('/account/maintenance/create?service=Brake+System+Repair&registration=DEC-1');
    const body = templateOf('service-reminder').body(mail!, renderCtx());
    expect(body.action?.url).toBe('https://dealer.example/account/maintenance/create?service=Brake+System+Repair&registration=DEC-1');
    expect(body.unsubscribeUrl).toMatch(/^https:\/\/dealer\.example\/reminders\/unsubscribe\?token=/);
    expect(templateOf('service-reminder').subject(mail!)).toBe('Recommended work for DEC-1: Front brake pads');
    expect(await run()).toBe(0);
  });

  it('is due by projected mileage when that comes before the months, with the garage vehicle in the link', async () => {
    at('2026-04-01T23:00:00Z');
    expect(await remindersOf(mileUser.id)).toEqual([]);
    at('2026-04-02T15:00:00Z');
    expect(await run()).toBe(1);
    const [reminder] = await remindersOf(mileUser.id);
    expect(reminder).toMatchObject({ kind: 'Service due', specificService: 'Tire Rotation', vehicleRegistration: 'MILE 1' });
    expect(reminder!.reason).toBe('About 6,000 miles since your last Tire Rotation on February 1, 2026, going by your odometer readings');
    const [mail] = await mailsTo(mileUser.email);
    expect(mail!.bookingPath).toBe(`/account/maintenance/create?service=Tire+Rotation&vehicle=${garageVehicleId}`);
    const params = new URL(`https://x${mail!.bookingPath}`).searchParams;
    expect([params.get('service'), params.get('vehicle'), params.get('registration')]).toEqual(['Tire Rotation', garageVehicleId, null]);
    expect(await run()).toBe(0);
  });

  it('is due by date when the months come first, and never twice', async () => {
    at('2026-07-04T15:00:00Z');
    expect(await run()).toBe(0);
    at('2026-07-05T15:00:00Z');
    expect(await run()).toBe(1);
    const [reminder] = await remindersOf(dateUser.id);
    expect(reminder).toMatchObject({ kind: 'Service due', specificService: 'Oil Change' });
    expect(reminder!.reason).toBe('6 months since your last Oil Change on January 5, 2026');
    expect(templateOf('service-reminder').subject((await mailsTo(dateUser.email))[0]!)).toBe('Your Oil Change is due: DATE-1');
    expect(await run()).toBe(0);
    // The mileage reminder's job is due by date now too: still one e-mail.
    at('2026-08-10T15:00:00Z');
    expect(await run()).toBe(0);
    expect(await remindersOf(mileUser.id)).toHaveLength(1);
    expect(await mailsTo(mileUser.email)).toHaveLength(1);
  });

  it('sends nothing to a customer who turned reminders off', async () => {
    expect(await remindersOf(offUser.id)).toEqual([]);
    expect(await mailsTo(offUser.email)).toEqual([]);
  });

  it('records a booking made within 30 days of the reminder for the same service and vehicle', async () => {
    at('2026-08-12T15:00:00Z');
    const body = bookingBody({ specificService: 'Oil Change', appointmentDate: '2026-08-14', vehicle: { registration: 'date 1' } });
    // 38 days after the date reminder: too late to count.
    const late = await ctx.app.inject({ method: 'POST', url: '/api/maintenance', headers: await authOf(dateUser), payload: body });
    expect(late.statusCode).toBe(201);
    expect((await remindersOf(dateUser.id))[0]!.bookedAppointmentId).toBeNull();
    // A fresh reminder, booked within days: only the booking of the same service and vehicle counts.
    at('2026-08-13T15:00:00Z');
    const other = await createUser(ctx);
    await completedJob(other, 'Oil Change', '2026-02-10', 'BOOK-1');
    expect(await run()).toBe(1);
    at('2026-08-20T15:00:00Z');
    const wrongService = await ctx.app.inject({ method: 'POST', url: '/api/maintenance', headers: await authOf(other), payload: bookingBody({ specificService: 'Fluid Check', appointmentDate: '2026-08-22', vehicle: { registration: 'BOOK-1' } }) });
    expect(wrongService.statusCode).toBe(201);
    const booked = await ctx.app.inject({ method: 'POST', url: '/api/maintenance', headers: await authOf(other), payload: bookingBody({ specificService: 'Oil Change', appointmentDate: '2026-08-22', appointmentTime: '11:00 AM', vehicle: { registration: 'book 1' } }) });
    expect(booked.statusCode).toBe(201);
    const [reminder] = await remindersOf(other.id);
    expect(reminder!.bookedAppointmentId).toBe(booked.json().data._id);
    expect(reminder!.bookedAt?.toISOString()).toBe('2026-08-20T15:00:00.000Z');
  });

  it('turns reminders off from the e-mail link without a log-in, and refuses a bad or forged token', async () => {
    const [mail] = await mailsTo(dateUser.email);
    const tokens = createTokenSigner(ctx.config.JWT_SECRET!);
    expect(mail!.unsubscribeToken).toBe(reminderUnsubscribeToken(tokens, dateUser.id));
    const unsubscribe = (token: string) => ctx.app.inject({ method: 'POST', url: `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}` });
    const forgedMac = `${dateUser.id}.${'A'.repeat(43)}`;
    const otherSecret = reminderUnsubscribeToken(createTokenSigner('another-secret-of-at-least-32-chars!!'), dateUser.id);
    const otherPurpose = `${dateUser.id}.${tokens.mac('saved-search-unsubscribe', dateUser.id)}`;
    for (const bad of ['', 'nonsense', forgedMac, otherSecret, otherPurpose, `${mail!.unsubscribeToken}.x`]) {
      const res = await unsubscribe(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().message).toBe('This unsubscribe link is not valid.');
    }
    expect(await ctx.database.db.select().from(reminderPreferences).where(eq(reminderPreferences.userId, dateUser.id))).toEqual([]);
    const ok = await unsubscribe(mail!.unsubscribeToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ remindersEnabled: false });
    const pref = await ctx.app.inject({ method: 'GET', url: '/api/account/reminders', headers: await authOf(dateUser) });
    expect(pref.json().data).toEqual({ remindersEnabled: false });
    // A mail program's one-click POST (RFC 8058) works too.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/reminders/unsubscribe?token=${encodeURIComponent(mail!.unsubscribeToken)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
  });
});
