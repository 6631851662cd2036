import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailMessages } from '../db/schema';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../test/harness';
import { bookingBody, createUser, fullVehicleFields } from '../test/factories';
import { approveVehicle, bookOk, cancelAppointment, createVehicleViaApi, patchAppointment, patchVehicle } from '../test/requests';

// Issue 23's findings on listing review, sales, suspended sellers and booking abuse, replayed as an attacker would.

// Wednesday 10 June 2026, 10:30 in New York.
const WORKSHOP = 'workshop@apex.test';
const clock = fixedClock('2026-06-10T14:30:00Z');
const ctx = useTestApp({
  clock,
  config: { WORKSHOP_TZ: 'America/New_York', WORKSHOP_EMAIL: WORKSHOP, BOOKINGS_PER_DAY: 4, BOOKING_MAIL_PER_RECIPIENT_PER_DAY: 6 },
});
const { admin, seller, buyer, mailer } = useTestUsers(ctx, {
  admin: { role: 'ADMIN' },
  seller: { name: 'Sly Seller' },
  buyer: { name: 'Bea Buyer' },
  mailer: { name: 'Mal Mailer', email: 'mal@example.com' },
});

const publicGet = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` });
const adminGet = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: admin.auth })).json().data;
const publicSearch = async (text: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/vehicles?search=${encodeURIComponent(text)}` })).json().data as { _id: string }[];

async function approvedListing(fields: Record<string, string> = {}): Promise<string> {
  const created = await createVehicleViaApi(ctx, seller, fullVehicleFields(fields));
  expect((await approveVehicle(ctx, admin, created._id)).json().data.status).toBe('available');
  return created._id;
}

describe(`issue 23 item 10: an approved listing changes only through review (${TEST_DB_KIND})`, () => {
  it('a seller turning it into a scam (mileage, condition, contact phone, e-mail, location) takes it off the public pages', async () => {
    const id = await approvedListing({
      mileage: '150000',
      condition: 'Fair',
      location: 'Austin, TX',
      contactPhone: '+1 512 555 0199',
      contactEmail: 'sly@example.com',
    });
    const res = await patchVehicle(ctx, seller, id, {
      mileage: '1200',
      condition: 'New',
      location: 'Offshore',
      contactPhone: '+1 900 555 0100',
      contactEmail: 'payments@scam.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('pending');
    expect((await publicGet(id)).statusCode).toBe(404);
    const page = await ctx.app.inject({ method: 'GET', url: `/vehicles/${id}` });
    expect(page.body).not.toContain('+1 900 555 0100');
  });

  it('an approval publishes the version its reviewer saw: a later edit is refused, not published', async () => {
    const created = await createVehicleViaApi(ctx, seller, fullVehicleFields({ mileage: '150000' }));
    const seen = (await adminGet(created._id)).revision as number;
    // The seller edits while the dealership is reading the listing.
    expect((await patchVehicle(ctx, seller, created._id, { mileage: '1200', contactPhone: '+1 900 555 0100' })).statusCode).toBe(200);
    const stale = await patchVehicle(ctx, admin, created._id, { status: 'available', revision: String(seen) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This listing changed after you opened it. Review the new version before approving it.');
    expect((await publicGet(created._id)).statusCode).toBe(404);

    // The spec's original admin client names no revision: a version changed moments ago is refused too.
    const unnamed = await patchVehicle(ctx, admin, created._id, { status: 'available' });
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json().errors.revision).toBe('This listing changed after you opened it. Review the new version before approving it.');
    // Sold listings are reachable by their link: marking one sold straight from review is an approval too.
    expect((await patchVehicle(ctx, admin, created._id, { status: 'sold', revision: String(seen) })).statusCode).toBe(409);
    expect((await adminGet(created._id)).status).toBe('pending');

    const current = (await adminGet(created._id)).revision as number;
    const approved = await patchVehicle(ctx, admin, created._id, { status: 'available', revision: String(current) });
    expect(approved.statusCode).toBe(200);
    expect((await publicGet(created._id)).json().data).toMatchObject({ mileage: 1200, status: 'available' });
  });
});

describe(`issue 24: the spec's original admin client approves without naming a revision (${TEST_DB_KIND})`, () => {
  it('publishes a version that has stood unchanged for ten minutes, and refuses one changed since', async () => {
    const created = await createVehicleViaApi(ctx, seller, fullVehicleFields({ mileage: '98000' }));
    clock.advance(9 * 60_000);
    expect((await patchVehicle(ctx, admin, created._id, { status: 'available' })).statusCode).toBe(409);
    clock.advance(60_000);
    const approved = await patchVehicle(ctx, admin, created._id, { status: 'available' });
    expect(approved.statusCode).toBe(200);
    expect((await publicGet(created._id)).json().data).toMatchObject({ mileage: 98000, status: 'available' });
  });
});

describe(`issue 23 item 19: sales on record and suspended sellers (${TEST_DB_KIND})`, () => {
  it("putting a sold listing back on sale keeps the buyer's purchase: it is refused", async () => {
    const id = await approvedListing();
    expect((await patchVehicle(ctx, admin, id, { status: 'sold', buyerId: buyer.id })).statusCode).toBe(200);
    const relist = await patchVehicle(ctx, admin, id, { status: 'available' });
    expect(relist.statusCode).toBe(409);
    expect(relist.json().message).toBe(
      "This vehicle's sale to a registered buyer is on record, so the listing cannot be put back on sale. It stays in the buyer's purchases.",
    );
    const purchases = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/purchases', headers: buyer.auth });
    expect(purchases.json().data.map((p: { vehicle: { _id: string } }) => p.vehicle._id)).toContain(id);
    expect((await adminGet(id)).status).toBe('sold');
  });

  it("a suspended seller's listings leave the public pages with their contact details, sold ones included", async () => {
    const suspended = await createUser(ctx, { name: 'Soon Suspended' });
    const forSale = await createVehicleViaApi(ctx, suspended, fullVehicleFields({ title: 'Zanzibar Roadster', contactPhone: '+1 700 555 0123' }));
    await approveVehicle(ctx, admin, forSale._id);
    const sold = await createVehicleViaApi(ctx, suspended, fullVehicleFields({ title: 'Sold Zanzibar', contactPhone: '+1 700 555 0123' }));
    await approveVehicle(ctx, admin, sold._id);
    await patchVehicle(ctx, admin, sold._id, { status: 'sold' });
    expect((await publicSearch('Zanzibar')).map((v) => v._id)).toContain(forSale._id);

    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${suspended.id}/status`,
      headers: admin.auth,
      payload: { status: 'suspended', reason: 'Fraud reports' },
    });
    expect(res.statusCode).toBe(200);
    expect(await publicSearch('Zanzibar')).toEqual([]);
    expect((await publicGet(forSale._id)).statusCode).toBe(404);
    expect((await publicGet(sold._id)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/vehicles/${forSale._id}` })).body).not.toContain('+1 700 555 0123');
    // The dealership still sees them; the seller finds them returned, with the reason.
    expect(await adminGet(forSale._id)).toMatchObject({
      status: 'draft',
      reviewNote: 'Taken off sale while your account was not active. Save the listing again to send it for review.',
    });
    expect((await adminGet(sold._id)).status).toBe('sold');
  });
});

describe(`issue 23 item 17: closure days hold for admins too (${TEST_DB_KIND})`, () => {
  it('an admin cannot reopen a cancelled appointment on a closure day', async () => {
    const booked = await bookOk(ctx, buyer, bookingBody({ appointmentDate: '2026-07-22', appointmentTime: '09:00 AM' }));
    expect((await cancelAppointment(ctx, buyer, booked._id)).statusCode).toBe(200);
    const closed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/closure-days',
      headers: admin.auth,
      payload: { date: '2026-07-22', reason: 'Staff training' },
    });
    expect(closed.statusCode).toBe(201);
    const reopened = await patchAppointment(ctx, admin, booked._id, { status: 'Scheduled' });
    expect(reopened.statusCode).toBe(422);
    expect(reopened.json().message).toBe('The workshop is closed on this date (Staff training). Please choose another date.');
    const after = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${booked._id}`, headers: admin.auth });
    expect(after.json().data.status).toBe('Cancelled');
  });
});

describe(`issue 23 item 9: booking e-mail cannot be aimed at strangers or sent in a loop (${TEST_DB_KIND})`, () => {
  const mailTo = async (address: string, kind?: string) =>
    ctx.database.db.$count(
      emailMessages,
      kind ? and(eq(emailMessages.toAddress, address), eq(emailMessages.kind, kind)) : eq(emailMessages.toAddress, address),
    );
  const strangerBooking = (date: string) =>
    bookingBody({
      appointmentDate: date,
      appointmentTime: '02:00 PM',
      additionalNotes: 'Click http://phish.test to claim your prize',
      customer: { email: 'stranger@victim.test' },
    });

  it("a customer's booking e-mails go to their account's address, never to the typed one", async () => {
    const booked = await bookOk(ctx, mailer, strangerBooking('2026-06-16'));
    expect((await patchAppointment(ctx, admin, booked._id, { status: 'Scheduled' })).statusCode).toBe(200);
    expect(await mailTo('stranger@victim.test')).toBe(0);
    expect(await mailTo('mal@example.com', 'booking-received')).toBe(1);
    expect(await mailTo('mal@example.com', 'booking-approved')).toBe(1);
    // The typed address stays on the appointment for the workshop to read.
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/${booked._id}`, headers: admin.auth });
    expect(seen.json().data.customer.email).toBe('stranger@victim.test');
  });

  it('booking and cancelling in a loop stops at BOOKINGS_PER_DAY, and one address gets at most its daily share', async () => {
    const looper = await createUser(ctx, { email: 'looper@example.com' });
    const workshopBefore = await mailTo(WORKSHOP);
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/maintenance', headers: looper.auth, payload: strangerBooking('2026-06-17') });
      answers.push(res.statusCode);
      if (res.statusCode === 201) await cancelAppointment(ctx, looper, res.json().data._id);
      else expect(res.json().message).toBe(
        'One account can make 4 bookings in 24 hours, cancelled ones included. Please try again tomorrow or call the workshop.',
      );
    }
    expect(answers.filter((code) => code === 201)).toHaveLength(4);
    expect(answers.slice(4).every((code) => code === 429)).toBe(true);
    expect(await mailTo('stranger@victim.test')).toBe(0);
    // 4 confirmations and 4 cancellations were due; the address's cap of 6 held.
    expect(await mailTo('looper@example.com')).toBe(6);
    expect((await mailTo(WORKSHOP)) - workshopBefore).toBe(4);
  });
});
