import { eq } from 'drizzle-orm';
import { calendarDayInstant } from '@dealer/shared';
import { describe, expect, it } from 'vitest';
import { emailMessages } from '../../db/schema';
import { listAudit } from '../audit';
import type { EmailMessageInput } from '../../mail/registry';
import { renderEmail } from '../../mail/templates';
import { fixedClock, useTestApp, useTestUsers } from '../../test/harness';
import { bookingBody, createUser, type TestUser } from '../../test/factories';
import { availability, maintenanceHistory } from '../../test/requests';

// Wednesday 10 June 2026, 10:30 in New York.
const clock = fixedClock('2026-06-10T14:30:00Z');

const ctx = useTestApp({
  clock,
  config: { WORKSHOP_TZ: 'America/New_York', SLOT_CAPACITY: 1, BOOKING_HORIZON_DAYS: 30, MAX_OPEN_BOOKINGS: 1 },
});
const { admin, customer, other } = useTestUsers(ctx, { admin: { role: 'ADMIN' }, customer: { name: 'Carla Customer' }, other: {} });

const bookFor = (user: TestUser | null, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/maintenance/admin/bookings', headers: user?.auth, payload });
const walkIn = (overrides: Record<string, unknown> = {}) =>
  bookingBody({
    appointmentDate: '2026-06-11',
    customer: { name: 'Walter Walkin', email: 'walter@example.com', phone: '+1 555 010 0199' },
    ...overrides,
  });
const adminList = async (search: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/maintenance/admin/all?search=${encodeURIComponent(search)}`, headers: admin.auth })).json()
    .data as Record<string, unknown>[];

describe('POST api/maintenance/admin/bookings', () => {
  it('books a customer without an account: no owner, booked by the admin, Scheduled, in the admin list, audited', async () => {
    const res = await bookFor(admin, { ...walkIn({ appointmentTime: '09:00 AM' }), userId: null });
    expect(res.statusCode).toBe(201);
    const appointment = res.json().data;
    expect(appointment).toMatchObject({
      userId: null,
      bookedById: admin.id,
      status: 'Scheduled',
      appointmentDate: calendarDayInstant('2026-06-11'),
      appointmentTime: '09:00 AM',
      customer: { name: 'Walter Walkin', email: 'walter@example.com', phone: '+1 555 010 0199' },
    });
    expect((await availability(ctx, '2026-06-11'))['09:00 AM']).toBe(false);
    const listed = await adminList('Walter Walkin');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: appointment._id, bookedById: admin.id });
    const audit = await listAudit(ctx.database.db, 'maintenance', appointment._id);
    expect(audit[0]).toMatchObject({ action: 'maintenance.book-for-customer', actor: { _id: admin.id }, after: { status: 'Scheduled', userId: null } });
  });

  it("books for an account holder: it shows in their history, without the staff's fields", async () => {
    const res = await bookFor(admin, {
      ...walkIn({ appointmentTime: '10:00 AM', customer: { name: 'Carla Customer', email: customer.email } }),
      userId: customer.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ userId: customer.id, bookedById: admin.id, status: 'Scheduled' });
    const history = await maintenanceHistory(ctx, customer);
    const mine = history.json().data as Record<string, unknown>[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ _id: res.json().data._id, status: 'Scheduled' });
    expect(mine[0]).not.toHaveProperty('bookedById');
    expect(mine[0]).not.toHaveProperty('staffNotes');
  });

  it('is not held to the open-bookings cap (staff judge), while the customer still is', async () => {
    // The customer already holds one open booking (the cap here), booked by staff above.
    const res = await bookFor(admin, { ...walkIn({ appointmentTime: '11:00 AM' }), userId: customer.id });
    expect(res.statusCode).toBe(201);
    const own = await ctx.app.inject({ method: 'POST', url: '/api/maintenance', headers: customer.auth, payload: walkIn({ appointmentTime: '12:00 PM' }) });
    expect(own.statusCode).toBe(409);
  });

  it('keeps the slot rules: a full slot is 409', async () => {
    const res = await bookFor(admin, { ...walkIn({ appointmentTime: '09:00 AM' }), userId: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This time slot is fully booked. Please choose another time.');
  });

  it.each([
    ['a Sunday', { appointmentDate: '2026-06-14' }, 'appointmentDate', 'The workshop is closed on Sundays. Please choose another date.'],
    ['a past date', { appointmentDate: '2026-06-09' }, 'appointmentDate', 'Please choose today or a later date.'],
    ['an hour that has begun', { appointmentDate: '2026-06-10', appointmentTime: '10:00 AM' }, 'appointmentTime', 'This time has already passed. Please choose a later time slot.'],
    ['a date past the horizon', { appointmentDate: '2026-07-11' }, 'appointmentDate', 'Appointments can be booked up to 30 days ahead. Please choose an earlier date.'],
    ['a slot that does not exist', { appointmentTime: '08:00 PM' }, 'appointmentTime', 'Please select a time slot'],
    ['no customer name', { customer: { name: '' } }, 'customer.name', 'Name is required'],
    ['a bad e-mail', { customer: { email: 'not-an-email' } }, 'customer.email', 'Invalid email address'],
    ['no phone', { customer: { phone: '' } }, 'customer.phone', 'Phone number is required'],
    ['no vehicle make', { vehicle: { make: '' } }, 'vehicle.make', 'Vehicle make is required'],
    ['a service of another type', { specificService: 'Rust Treatment' }, 'specificService', 'Please select a specific service'],
  ])('refuses %s with 422', async (_label, overrides, field, message) => {
    const res = await bookFor(admin, { ...walkIn({ appointmentTime: '03:00 PM', ...overrides }), userId: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a closure day with the closure named', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/admin/closure-days', headers: admin.auth, payload: { date: '2026-06-12', reason: 'Staff training' } });
    const res = await bookFor(admin, { ...walkIn({ appointmentDate: '2026-06-12' }), userId: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.appointmentDate).toBe('The workshop is closed on this date (Staff training). Please choose another date.');
  });

  it.each([
    ['an id that is not a uuid', 'abc', 'Please choose a customer from the list'],
    ['an unknown account', '00000000-0000-4000-8000-000000000000', 'Customer account not found. Choose another customer or book without an account.'],
  ])('refuses %s with 422', async (_label, userId, message) => {
    const res = await bookFor(admin, { ...walkIn({ appointmentTime: '04:00 PM' }), userId });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.userId).toBe(message);
    expect((await availability(ctx, '2026-06-11'))['04:00 PM']).toBe(true);
  });

  it('refuses an account that is not active', async () => {
    const suspended = await createUser(ctx, { status: 'suspended' });
    const res = await bookFor(admin, { ...walkIn({ appointmentTime: '04:00 PM' }), userId: suspended.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.userId).toBe('This account is not active. Book without an account instead.');
  });

  it('books a phone customer who has no e-mail: a phone number is enough, and no e-mail is queued for them', async () => {
    const before = await ctx.database.db.$count(emailMessages);
    const res = await bookFor(admin, {
      ...walkIn({ appointmentTime: '01:00 PM', customer: { name: 'Phoebe Phone', email: '', phone: '+1 555 010 0142' } }),
      userId: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'Scheduled', customer: { name: 'Phoebe Phone', email: '', phone: '+1 555 010 0142' } });
    expect(await ctx.database.db.$count(emailMessages)).toBe(before);
    // Left out altogether, the same; a bad address is still refused.
    const { email: _none, ...noEmail } = walkIn().customer as Record<string, unknown>;
    const without = await bookFor(admin, { ...walkIn({ appointmentTime: '02:00 PM' }), customer: noEmail, userId: null });
    expect(without.statusCode).toBe(201);
    expect(await ctx.database.db.$count(emailMessages)).toBe(before);
  });

  it('writes to a customer without an account with no links to account pages', async () => {
    const renderContext = {
      baseUrl: 'https://cars.example.com',
      timeZone: 'America/New_York',
      now: clock.now(),
      workshop: { address: '1 Main St', phone: '+1 555 0100' },
      sender: 'shop@example.com',
    };
    const res = await bookFor(admin, {
      ...walkIn({ appointmentDate: '2026-06-13', appointmentTime: '09:00 AM', customer: { name: 'Wanda Walkin', email: 'wanda@example.com' } }),
      userId: null,
    });
    expect(res.statusCode).toBe(201);
    const [message] = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, 'wanda@example.com'));
    expect(message).toMatchObject({ kind: 'booking-approved' });
    const rendered = renderEmail({ kind: message!.kind, to: message!.toAddress, data: message!.payload } as EmailMessageInput, renderContext);
    expect(rendered.text).toContain('Good news: your appointment is confirmed.');
    expect(rendered.text).not.toContain('/account');
    expect(rendered.html).not.toContain('/account');

    // Cancelled by the workshop: no link to the account's booking page either, but how to book again.
    const cancelled = renderEmail(
      { kind: 'booking-cancelled', to: 'wanda@example.com', data: { appointment: res.json().data, cancelledBy: 'workshop' } },
      renderContext,
    );
    expect(cancelled.text).not.toContain('/account');
    expect(cancelled.text).toContain('To book another time, call or visit the workshop.');
  });

  it('is for admins only: anonymous 401, a customer 403, and nothing is booked', async () => {
    expect((await bookFor(null, { ...walkIn({ appointmentTime: '05:00 PM' }), userId: null })).statusCode).toBe(401);
    expect((await bookFor(other, { ...walkIn({ appointmentTime: '05:00 PM' }), userId: other.id })).statusCode).toBe(403);
    expect((await availability(ctx, '2026-06-11'))['05:00 PM']).toBe(true);
  });
});
