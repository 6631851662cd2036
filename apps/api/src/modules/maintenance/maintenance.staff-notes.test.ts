import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { bookingBody, type TestUser } from '../../test/factories';
import { bookOk, cancelAppointment, patchAppointment } from '../../test/requests';

let id: string;

const STAFF_NOTE = 'Customer was rude on the phone; check the brake discs for warranty fraud.';

// Monday 1 June 2026, 07:00 in New York.
const ctx = useTestApp({ clock: fixedClock('2026-06-01T11:00:00Z') });
const { customer, stranger, admin } = useTestUsers(ctx, { customer: {}, stranger: {}, admin: { role: 'ADMIN' } });
beforeAll(async () => {
  id = (await bookOk(ctx, customer, bookingBody({ appointmentDate: '2026-06-02' })))._id;
}, 120_000);

const get = (user: TestUser | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });

describe(`staff-only notes (${TEST_DB_KIND})`, () => {
  it('saves staff notes beside the customer-facing notes and shows both to staff', async () => {
    const res = await patchAppointment(ctx, admin, id, { notes: 'Your car is ready at 5 PM.', staffNotes: `  ${STAFF_NOTE}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ notes: 'Your car is ready at 5 PM.', staffNotes: STAFF_NOTE });
    expect((await get(admin, `/api/maintenance/${id}`)).json().data.staffNotes).toBe(STAFF_NOTE);
    const list = await get(admin, '/api/maintenance/admin/all');
    expect(list.json().data.find((a: { _id: string }) => a._id === id).staffNotes).toBe(STAFF_NOTE);
    const trail = await get(admin, `/api/maintenance/${id}/audit`);
    expect(trail.json().data[0]).toMatchObject({ before: { staffNotes: null }, after: { staffNotes: STAFF_NOTE } });
  });

  it('never sends staff notes to the customer (detail, history, calendar, cancel)', async () => {
    const detail = await get(customer, `/api/maintenance/${id}`);
    expect(detail.json().data.notes).toBe('Your car is ready at 5 PM.');
    expect(detail.json().data).not.toHaveProperty('staffNotes');
    const history = await get(customer, '/api/maintenance/history');
    expect(history.json().data[0]).not.toHaveProperty('staffNotes');
    const ics = await get(customer, `/api/maintenance/${id}/calendar.ics`);
    expect(ics.body).not.toContain('warranty');
    const cancelled = await cancelAppointment(ctx, customer, id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).not.toContain('warranty');
  });

  it('keeps staff notes from others: another customer 404, anonymous 401, a customer cannot write them', async () => {
    expect((await get(stranger, `/api/maintenance/${id}`)).statusCode).toBe(404);
    expect((await get(null, `/api/maintenance/${id}`)).statusCode).toBe(401);
    const byCustomer = await patchAppointment(ctx, customer, id, { staffNotes: 'mine' });
    expect(byCustomer.statusCode).toBe(403);
    expect((await get(admin, `/api/maintenance/${id}`)).json().data.staffNotes).toBe(STAFF_NOTE);
  });

  it('refuses bad input with a message and clears with an empty value', async () => {
    const tooLong = await patchAppointment(ctx, admin, id, { staffNotes: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.staffNotes).toBe('Must be at most 5000 characters.');
    expect((await patchAppointment(ctx, admin, id, { staffNotes: 42 })).statusCode).toBe(422);
    expect((await get(admin, `/api/maintenance/${id}`)).json().data.staffNotes).toBe(STAFF_NOTE);
    const cleared = await patchAppointment(ctx, admin, id, { staffNotes: '  ' });
    expect(cleared.json().data.staffNotes).toBeNull();
  });
});
