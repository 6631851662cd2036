import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, Vehicle } from '@dealer/shared';
import { emailMessages, vehicles } from '../../db/schema';
import { TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { createUser, type TestUser } from '../../test/factories';
import { approveVehicle, createVehicleViaApi, patchVehicle } from '../../test/requests';

const ctx = useTestApp();
const { admin, seller, other } = useTestUsers(ctx, { admin: { role: 'ADMIN', name: 'Admin Ada' }, seller: { name: 'Sam Seller' }, other: {} });

const review = (user: TestUser | null, id: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/vehicles/${id}/review`,
    headers: user?.auth ?? {},
    payload: payload as Record<string, unknown>,
  });

const rowOf = async (id: string) =>
  (await ctx.database.db.select({ status: vehicles.status, reviewNote: vehicles.reviewNote }).from(vehicles).where(eq(vehicles.id, id)))[0]!;

async function auditOf(id: string): Promise<AuditEntry[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/audit?entityType=vehicle&entityId=${id}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const pendingListing = async () => (await createVehicleViaApi(ctx, seller, { description: 'A well kept family car.' }))._id;

const mine = async (user: TestUser): Promise<Vehicle[]> =>
  (await ctx.app.inject({ method: 'GET', url: '/api/vehicles/mine', headers: user.auth })).json().data;

describe(`POST /api/vehicles/:id/review (${TEST_DB_KIND})`, () => {
  it('rejects a pending listing: a draft with the reason, shown to its seller, recorded as a rejection', async () => {
    const id = await pendingListing();
    const res = await review(admin, id, { action: 'reject', reason: '  The photos show a different car.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, status: 'draft', reviewNote: 'The photos show a different car.' });
    expect(await rowOf(id)).toEqual({ status: 'draft', reviewNote: 'The photos show a different car.' });

    const listed = (await mine(seller)).find((v) => v._id === id);
    expect(listed).toMatchObject({ status: 'draft', reviewNote: 'The photos show a different car.' });

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'vehicle.reject',
      actor: { _id: admin.id },
      before: { status: 'pending', reviewNote: null },
      after: { status: 'draft', reviewNote: 'The photos show a different car.' },
    });
  });

  it('sends a pending listing back for changes, recorded apart from a rejection', async () => {
    const id = await pendingListing();
    const res = await review(admin, id, { action: 'send-back', reason: 'Please add the mileage.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'draft', reviewNote: 'Please add the mileage.' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'vehicle.send-back', after: { status: 'draft', reviewNote: 'Please add the mileage.' } });
  });

  it("keeps the reason from the public and from other users", async () => {
    const id = await pendingListing();
    await review(admin, id, { action: 'send-back', reason: 'Please add the mileage.' });
    // A draft is not public: others cannot open it at all.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: other.auth })).statusCode).toBe(404);
    // An approved listing never carries a note to anyone but its seller and the dealership.
    const approved = await pendingListing();
    await approveVehicle(ctx, admin, approved);
    const publicView = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${approved}` });
    expect(publicView.json().data).not.toHaveProperty('reviewNote');
  });

  it('the seller edits the returned listing: it goes back to review with the note kept; approval clears it', async () => {
    const id = await pendingListing();
    await review(admin, id, { action: 'send-back', reason: 'Please add the mileage.' });
    const edited = await patchVehicle(ctx, seller, id, { mileage: '42000' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'pending', mileage: 42000, reviewNote: 'Please add the mileage.' });

    const approved = await approveVehicle(ctx, admin, id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'available', reviewNote: null });
    expect(await rowOf(id)).toEqual({ status: 'available', reviewNote: null });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'vehicle.status', before: { status: 'pending' }, after: { status: 'available' } });
  });

  it('needs a reason of 1 to 500 characters and a known action, and changes nothing otherwise', async () => {
    const id = await pendingListing();
    const cases: [unknown, Record<string, string>][] = [
      [{ action: 'reject' }, { reason: 'Enter a reason for the seller' }],
      [{ action: 'reject', reason: '' }, { reason: 'Enter a reason for the seller' }],
      [{ action: 'reject', reason: '    ' }, { reason: 'Enter a reason for the seller' }],
      [{ action: 'reject', reason: 42 }, { reason: 'Enter a reason for the seller' }],
      [{ action: 'send-back', reason: 'x'.repeat(501) }, { reason: 'The reason must be at most 500 characters' }],
      [{ action: 'delete', reason: 'Nope' }, { action: 'Choose Reject or Send back for changes' }],
      [{ reason: 'Nope' }, { action: 'Choose Reject or Send back for changes' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await review(admin, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await rowOf(id)).toEqual({ status: 'pending', reviewNote: null });
    expect(await auditOf(id)).toEqual([]);

    const longest = await review(admin, id, { action: 'reject', reason: 'y'.repeat(500) });
    expect(longest.statusCode).toBe(200);
  });

  it('refuses a listing that is not awaiting review (409) and an unknown one (404)', async () => {
    const id = await pendingListing();
    await approveVehicle(ctx, admin, id);
    const res = await review(admin, id, { action: 'reject', reason: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a listing awaiting review can be rejected or sent back');
    expect(await rowOf(id)).toEqual({ status: 'available', reviewNote: null });

    const unknown = await review(admin, '00000000-0000-4000-8000-000000000000', { action: 'reject', reason: 'Gone' });
    expect(unknown.statusCode).toBe(404);
    expect((await review(admin, 'not-an-id', { action: 'reject', reason: 'Gone' })).statusCode).toBe(404);
  });

  it('is for admins only: anonymous 401, the seller and other users 403', async () => {
    const id = await pendingListing();
    const payload = { action: 'reject', reason: 'Not allowed' };
    expect((await review(null, id, payload)).statusCode).toBe(401);
    expect((await review(seller, id, payload)).statusCode).toBe(403);
    expect((await review(other, id, payload)).statusCode).toBe(403);
    expect(await rowOf(id)).toEqual({ status: 'pending', reviewNote: null });
  });
});

describe(`e-mails to the seller (${TEST_DB_KIND})`, () => {
  const mailsTo = async (address: string) =>
    (await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, address))).map((m) => ({
      kind: m.kind,
      reason: (m.payload as { reason?: string }).reason,
    }));

  it('queues one for a rejection, a send-back (with the reason), an approval and a sale; none for the dealership\'s own stock', async () => {
    const seller2 = await createUser(ctx, { name: 'Mia Mail' });
    const rejected = (await createVehicleViaApi(ctx, seller2, { description: 'A well kept family car.' }))._id;
    await review(admin, rejected, { action: 'reject', reason: 'Not a car.' });
    const sentBack = (await createVehicleViaApi(ctx, seller2, { description: 'A well kept family car.' }))._id;
    await review(admin, sentBack, { action: 'send-back', reason: 'Add photos.' });
    await patchVehicle(ctx, seller2, sentBack, { mileage: '1000' });
    await approveVehicle(ctx, admin, sentBack);
    await patchVehicle(ctx, admin, sentBack, { status: 'sold' });
    expect(await mailsTo(seller2.email)).toEqual([
      { kind: 'listing-rejected', reason: 'Not a car.' },
      { kind: 'listing-sent-back', reason: 'Add photos.' },
      { kind: 'listing-approved', reason: undefined },
      { kind: 'listing-sold', reason: undefined },
    ]);

    const stock = (await createVehicleViaApi(ctx, admin, { description: 'Dealership stock car.' }))._id;
    await patchVehicle(ctx, admin, stock, { status: 'sold' });
    expect(await mailsTo(admin.email)).toEqual([]);
  });
});

describe(`admin status control (${TEST_DB_KIND})`, () => {
  it.each(['reserved', 'draft', 'sold', 'pending', 'available'] as const)('sets %s and records it', async (status) => {
    const id = (await createVehicleViaApi(ctx, admin, { description: 'Dealership stock car.' }))._id;
    expect((await rowOf(id)).status).toBe('available');
    const res = await patchVehicle(ctx, admin, id, { status: status === 'available' ? 'reserved' : status });
    expect(res.statusCode).toBe(200);
    if (status === 'available') {
      const back = await approveVehicle(ctx, admin, id);
      expect(back.json().data.status).toBe('available');
    } else {
      expect(res.json().data.status).toBe(status);
    }
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'vehicle.status' });
  });

  it('refuses a status change by the seller or another user, and an unknown status', async () => {
    const id = await pendingListing();
    const bySeller = await patchVehicle(ctx, seller, id, { status: 'available' });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().message).toBe("Only the dealership can change a listing's status");
    // Someone else's listing awaiting review is not theirs to see.
    expect((await patchVehicle(ctx, other, id, { status: 'available' })).statusCode).toBe(404);
    expect((await patchVehicle(ctx, null, id, { status: 'available' })).statusCode).toBe(401);
    const unknown = await patchVehicle(ctx, admin, id, { status: 'archived' });
    expect(unknown.statusCode).toBe(422);
    expect(await rowOf(id)).toEqual({ status: 'pending', reviewNote: null });
  });

  it('a sale to a registered buyer stays on record; one without a buyer can be undone; a buyer needs a sold listing', async () => {
    const buyer = await createUser(ctx);
    const id = (await createVehicleViaApi(ctx, admin, { description: 'Dealership stock car.' }))._id;
    const reserved = await patchVehicle(ctx, admin, id, { status: 'reserved', buyer: buyer.username });
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json().message).toBe('A buyer can only be recorded on a sold listing');
    const sold = await patchVehicle(ctx, admin, id, { status: 'sold', buyer: buyer.username });
    expect(sold.statusCode).toBe(200);
    const reopened = await patchVehicle(ctx, admin, id, { status: 'available' });
    expect(reopened.statusCode).toBe(409);
    const purchases = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/purchases', headers: buyer.auth });
    expect(purchases.json().data).toHaveLength(1);

    const noBuyer = (await createVehicleViaApi(ctx, admin, { description: 'Dealership stock car.' }))._id;
    expect((await patchVehicle(ctx, admin, noBuyer, { status: 'sold' })).statusCode).toBe(200);
    const back = await patchVehicle(ctx, admin, noBuyer, { status: 'available' });
    expect(back.json().data.status).toBe('available');
  });
});
