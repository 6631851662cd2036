import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentHolds, emailMessages, maintenanceAppointments } from '../../db/schema';
import { createBookedAppointment, createAppointment, type TestUser } from '../../test/factories';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { pngImage } from '../../test/images';
import { multipart } from '../../test/multipart';
import { expectSignedPhotoLoads } from '../../test/requests';

// Monday 1 June 2026, 07:00 in New York: the board's today.
const TODAY = '2026-06-01';
const ctx = useTestApp({ clock: fixedClock('2026-06-01T11:00:00Z') });
const users = useTestUsers(ctx, {
  admin: { role: 'ADMIN' },
  advisor: { role: 'SERVICE_ADVISOR', name: 'Ada Advisor' },
  tech: { role: 'TECHNICIAN', name: 'Tess Tech', username: 'tesstech' },
  otherTech: { role: 'TECHNICIAN', name: 'Omar Other', username: 'omarother' },
  sales: { role: 'SALES' },
  customer: { name: 'Carla Customer' },
});
const { admin, advisor, tech, otherTech, sales, customer } = users;

let n = 0;
/** A Scheduled job holding its place: today at 09:00 AM, assigned to Tess Tech, unless told. */
function job(values: Partial<typeof maintenanceAppointments.$inferInsert> & { assignee?: TestUser | null } = {}) {
  n += 1;
  const { assignee = tech, ...rest } = values;
  const named = assignee === null ? {} : { technician: assignee === tech ? 'Tess Tech' : 'Omar Other', technicianId: assignee.id };
  return createBookedAppointment(ctx, {
    appointmentDate: TODAY,
    appointmentTime: '09:00 AM',
    status: 'Scheduled',
    ...named,
    vehicle: { make: 'Honda', model: 'Civic', year: '2018', registration: `WS-${n}` },
    customer: { name: 'Carla Customer', email: `carla${n}@example.com`, phone: '5550001111' },
    ...rest,
  });
}

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user ? user.auth : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const move = (user: TestUser | null, id: string, from: string, to: string) => call(user, 'POST', `/api/workshop/jobs/${id}/move`, { from, to });
async function checkIn(user: TestUser | null, id: string, fields: Record<string, string>, photos: Buffer[] = []) {
  const body = multipart(fields, photos.map((data) => ({ data, filename: 'damage.png', contentType: 'image/png' })));
  return ctx.app.inject({ method: 'POST', url: `/api/workshop/jobs/${id}/check-in`, headers: { ...(user ? user.auth : {}), ...body.headers }, payload: body.payload });
}
/** The places the job holds (its rows in appointment_holds: one for an hourly job). */
const placesHeld = async (id: string) => (await ctx.database.db.select().from(appointmentHolds).where(eq(appointmentHolds.appointmentId, id))).length;
const mailsTo = (to: string, kind: string) =>
  ctx.database.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, to), eq(emailMessages.kind, kind)));

describe(`GET api/workshop/board (${TEST_DB_KIND})`, () => {
  it("shows today's jobs with their stage to advisors, technicians and admins, filtered by technician", async () => {
    const mine = await job({ appointmentTime: '01:00 PM' });
    const theirs = await job({ assignee: otherTech, appointmentTime: '08:00 AM' });
    await job({ appointmentDate: '2026-06-03' });
    await createAppointment(ctx, { appointmentDate: TODAY, status: 'Pending' });
    for (const user of [admin, advisor, tech]) {
      const res = await call(user, 'GET', '/api/workshop/board');
      expect(res.statusCode).toBe(200);
      const board = res.json().data;
      expect(board).toMatchObject({ from: TODAY, to: TODAY, today: TODAY, view: 'day' });
      const ids = board.jobs.map((j: { _id: string }) => j._id);
      expect(ids).toContain(mine.id);
      // Slot order: 08:00 AM before 01:00 PM; Pending requests are not on the floor.
      expect(ids.indexOf(theirs.id)).toBeLessThan(ids.indexOf(mine.id));
      expect(board.jobs.every((j: { stage: string }) => j.stage === 'Scheduled')).toBe(true);
      expect(board.technicians).toEqual(
        expect.arrayContaining([
          { _id: otherTech.id, name: 'Omar Other' },
          { _id: tech.id, name: 'Tess Tech' },
        ]),
      );
    }
    // A job whose technician is free text only is no technician's own.
    const named = await job({ assignee: null, technician: 'Tess Tech', appointmentTime: '02:00 PM' });
    const techView = (await call(tech, 'GET', '/api/workshop/board')).json().data.jobs;
    expect(techView.find((j: { _id: string }) => j._id === named.id).canMove).toBe(false);
    expect(techView.find((j: { _id: string }) => j._id === mine.id).canMove).toBe(true);
    expect(techView.find((j: { _id: string }) => j._id === theirs.id).canMove).toBe(false);
    const filtered = (await call(advisor, 'GET', `/api/workshop/board?technicianId=${otherTech.id}`)).json().data.jobs;
    expect(filtered.map((j: { _id: string }) => j._id)).toEqual([theirs.id]);
    const badTechnician = await call(advisor, 'GET', '/api/workshop/board?technicianId=omar');
    expect(badTechnician.statusCode).toBe(422);
    expect(badTechnician.json().errors.technicianId).toBe('Choose a technician from the list');
  });

  it('filters the board by the place a job occupies, with or without a technician', async () => {
    const paint = await job({ resource: 'Paint booth', appointmentTime: '03:00 PM' });
    const bodyWork = await job({ resource: 'Body bay', assignee: otherTech, appointmentTime: '04:00 PM' });
    const ids = async (url: string) => ((await call(advisor, 'GET', url)).json().data.jobs as { _id: string; resource: string }[]);
    const booth = await ids('/api/workshop/board?resource=Paint%20booth');
    expect(booth.map((j) => j._id)).toEqual([paint.id]);
    expect(booth[0]!.resource).toBe('Paint booth');
    const serviceBays = await ids('/api/workshop/board?resource=Service%20bay');
    expect(serviceBays.length).toBeGreaterThan(0);
    expect(serviceBays.every((j) => j.resource === 'Service bay')).toBe(true);
    expect((await ids(`/api/workshop/board?resource=Body%20bay&technicianId=${otherTech.id}`)).map((j) => j._id)).toEqual([bodyWork.id]);
    expect(await ids(`/api/workshop/board?resource=Body%20bay&technicianId=${tech.id}`)).toEqual([]);
    const bad = await call(advisor, 'GET', '/api/workshop/board?resource=Car%20wash');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.resource).toBe('Choose a place from the list: Service bay, Body bay or Paint booth');
  });

  it('shows the week, Monday to Saturday', async () => {
    const res = await call(advisor, 'GET', '/api/workshop/board?view=week&date=2026-06-04');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ from: '2026-06-01', to: '2026-06-06', view: 'week' });
    expect(res.json().data.jobs.some((j: { appointmentDate: string }) => j.appointmentDate === '2026-06-03')).toBe(true);
  });

  it('shows on a Sunday the week it is the eve of, the one the workshop plans that day', async () => {
    const monday = await job({ appointmentDate: '2026-06-08', vehicleRegistration: 'WK-NEXT' });
    const res = await call(advisor, 'GET', '/api/workshop/board?view=week&date=2026-06-07');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ from: '2026-06-08', to: '2026-06-13', view: 'week' });
    expect(res.json().data.jobs.map((j: { _id: string }) => j._id)).toContain(monday.id);
  });

  it('refuses bad input and callers who do not work the floor', async () => {
    const bad = await call(advisor, 'GET', '/api/workshop/board?date=June');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.date).toBe('Enter a date as YYYY-MM-DD');
    expect((await call(advisor, 'GET', '/api/workshop/board?view=month')).statusCode).toBe(422);
    // Days the calendar does not have are refused with the field's message, before the database sees them.
    for (const date of ['2026-02-30', '2026-04-31', '2026-02-29', '0000-01-01']) {
      const res = await call(advisor, 'GET', `/api/workshop/board?date=${date}&view=week`);
      expect(res.statusCode, date).toBe(422);
      expect(res.json().errors.date, date).toBe('Enter a date as YYYY-MM-DD');
    }
    // A week on from the year 9999 would leave four-digit years: refused before any date arithmetic.
    for (const date of ['9999-12-31', '0100-01-01']) {
      const res = await call(advisor, 'GET', `/api/workshop/board?date=${date}&view=week`);
      expect(res.statusCode, date).toBe(422);
      expect(res.json().errors.date, date).toBe('Choose days from 1900 to 2099');
    }
    expect((await call(null, 'GET', '/api/workshop/board')).statusCode).toBe(401);
    expect((await call(customer, 'GET', '/api/workshop/board')).statusCode).toBe(403);
    expect((await call(sales, 'GET', '/api/workshop/board')).statusCode).toBe(403);
  });
});

describe(`POST api/workshop/jobs/:id/check-in (${TEST_DB_KIND})`, () => {
  it('records odometer, fuel, notes and damage photos and moves the job to Checked in', async () => {
    const row = await job({ vehicleRegistration: 'CHK 100' });
    const res = await checkIn(advisor, row.id, { odometer: '45210', fuelLevel: '1/2', notes: 'Scratch on the rear bumper' }, [await pngImage(64, 48)]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ stage: 'Checked in', status: 'Scheduled' });
    expect(data.checkIn).toMatchObject({ odometer: 45210, fuelLevel: '1/2', notes: 'Scratch on the rear bumper', checkedInBy: 'Ada Advisor' });
    expect(data.checkIn.photos).toHaveLength(1);
    expect(data.checkIn.photos[0].url).toContain(`/check-ins/${row.id}/`);
    await expectSignedPhotoLoads(ctx, data.checkIn.photos[0].url);
    expect(await ctx.app.deps.storage.list(`check-ins/${row.id}`)).toHaveLength(1);
    const audit = await ctx.database.db.execute(sql`SELECT action FROM audit_entries WHERE entity_id = ${row.id}`);
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toContain('workshop.check-in');
    // The customer's history shows the stage beside the spec status.
    const detail = await call(admin, 'GET', `/api/maintenance/${row.id}`);
    expect(detail.json().data).toMatchObject({ status: 'Scheduled', stage: 'Checked in' });
    // Checked in once: not again.
    const again = await checkIn(advisor, row.id, { odometer: '45210', fuelLevel: '1/2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a scheduled job that has not been checked in can be checked in.');
  });

  it("refuses a reading below the car's last one (any spelling of its registration), changing nothing", async () => {
    const first = await job({ vehicleRegistration: 'ODO-77' });
    expect((await checkIn(advisor, first.id, { odometer: '30000', fuelLevel: 'Full' })).statusCode).toBe(200);
    const second = await job({ vehicleRegistration: 'odo 77', appointmentTime: '11:00 AM' });
    const res = await checkIn(advisor, second.id, { odometer: '29999', fuelLevel: 'Full' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.odometer).toBe('The odometer reading cannot be below the last reading of 30,000 miles.');
    expect((await call(advisor, 'GET', `/api/workshop/jobs/${second.id}`)).json().data).toMatchObject({ stage: 'Scheduled', checkIn: null, lastOdometer: 30000 });
    expect((await checkIn(advisor, second.id, { odometer: '30000', fuelLevel: 'Full' })).statusCode).toBe(200);
  });

  it('answers each bad field with its message', async () => {
    const row = await job();
    const cases: [Record<string, string>, string, string][] = [
      [{ fuelLevel: 'Full' }, 'odometer', 'Odometer reading is required'],
      [{ odometer: '', fuelLevel: 'Full' }, 'odometer', 'Odometer reading is required'],
      [{ odometer: '12.5', fuelLevel: 'Full' }, 'odometer', 'Enter the odometer reading in whole miles'],
      [{ odometer: '-4', fuelLevel: 'Full' }, 'odometer', 'Enter the odometer reading in whole miles'],
      [{ odometer: '9999999', fuelLevel: 'Full' }, 'odometer', 'The odometer reading must be between 0 and 2,000,000 miles'],
      [{ odometer: '100' }, 'fuelLevel', 'Choose the fuel level'],
      [{ odometer: '100', fuelLevel: 'Half' }, 'fuelLevel', 'Choose the fuel level'],
      [{ odometer: '100', fuelLevel: 'Full', notes: 'x'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters'],
      // A form's text passes no JSON guard: the schema refuses the NUL character before the database does.
      [{ odometer: '100', fuelLevel: 'Full', notes: 'Dent\u0000 on the door' }, 'notes', 'Must not contain the NUL character.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await checkIn(advisor, row.id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    const png = await pngImage(16, 16);
    const many = await checkIn(advisor, row.id, { odometer: '100', fuelLevel: 'Full' }, Array.from({ length: 11 }, () => png));
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe('A check-in can have at most 10 photos');
    const notImage = await checkIn(advisor, row.id, { odometer: '100', fuelLevel: 'Full' }, [Buffer.from('not an image at all')]);
    expect(notImage.statusCode).toBe(415);
    expect((await call(advisor, 'GET', `/api/workshop/jobs/${row.id}`)).json().data.stage).toBe('Scheduled');
    expect(await ctx.app.deps.storage.list(`check-ins/${row.id}`)).toHaveLength(0);
  });

  it('is for advisors and admins; unknown and pending jobs are refused', async () => {
    const row = await job();
    for (const [user, status] of [[null, 401], [customer, 403], [sales, 403], [tech, 403]] as const) {
      expect((await checkIn(user, row.id, { odometer: '10', fuelLevel: 'Full' })).statusCode).toBe(status);
    }
    expect((await checkIn(admin, row.id, { odometer: '10', fuelLevel: 'Empty' })).statusCode).toBe(200);
    const missing = await checkIn(advisor, '00000000-0000-4000-8000-000000000000', { odometer: '10', fuelLevel: 'Full' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Job not found');
    expect((await checkIn(advisor, 'nope', { odometer: '10', fuelLevel: 'Full' })).statusCode).toBe(404);
    const pending = await createAppointment(ctx, { appointmentDate: TODAY, status: 'Pending' });
    expect((await checkIn(advisor, pending.id, { odometer: '10', fuelLevel: 'Full' })).statusCode).toBe(409);
  });
});

describe(`POST api/workshop/jobs/:id/no-show (${TEST_DB_KIND})`, () => {
  it("marks a job No-show (Cancelled where the spec shows status), frees its place and keeps the status counts", async () => {
    const row = await job({ appointmentTime: '03:00 PM' });
    const before = (await call(admin, 'GET', '/api/maintenance/admin/overview')).json().data.byStatus;
    expect(await placesHeld(row.id)).toBe(1);
    for (const [user, status] of [[null, 401], [customer, 403], [tech, 403], [sales, 403]] as const) {
      expect((await call(user, 'POST', `/api/workshop/jobs/${row.id}/no-show`)).statusCode).toBe(status);
    }
    const res = await call(advisor, 'POST', `/api/workshop/jobs/${row.id}/no-show`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ stage: 'No-show', status: 'Cancelled', canMove: false });
    expect(await placesHeld(row.id)).toBe(0);
    const after = (await call(admin, 'GET', '/api/maintenance/admin/overview')).json().data.byStatus;
    expect(after.Scheduled).toBe(before.Scheduled - 1);
    expect(after.Cancelled).toBe(before.Cancelled + 1);
    const again = await call(advisor, 'POST', `/api/workshop/jobs/${row.id}/no-show`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a scheduled job that has not been checked in can be marked as a no-show.');
    expect((await move(advisor, row.id, 'Scheduled', 'Checked in')).json().message).toBe('This job is not on the board.');
  });
});

describe(`POST api/workshop/jobs/:id/move (${TEST_DB_KIND})`, () => {
  it('moves a card through the stages, e-mails the customer at Ready for pickup, and completes it', async () => {
    const row = await job({ appointmentTime: '04:00 PM' });
    expect((await move(advisor, row.id, 'Scheduled', 'In progress')).json().data.stage).toBe('In progress');
    expect((await move(tech, row.id, 'In progress', 'Waiting for parts')).json().data.stage).toBe('Waiting for parts');
    const ready = await move(tech, row.id, 'Waiting for parts', 'Ready for pickup');
    expect(ready.json().data).toMatchObject({ stage: 'Ready for pickup', status: 'Scheduled' });
    const mails = await mailsTo(row.customerEmail, 'workshop-ready-for-pickup');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Honda Civic is ready for pickup');
    // As written for the customer (the e-mail log renders it again from the kept payload).
    const shown = await call(admin, 'GET', `/api/admin/emails/${mails[0]!.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.text).toContain('the car is ready for pickup');
    expect(shown.json().data.text).toContain(`2018 Honda Civic (${row.vehicleRegistration})`);
    expect(shown.json().data.text).toContain('Oil Change');
    const done = await move(advisor, row.id, 'Ready for pickup', 'Completed');
    expect(done.json().data).toMatchObject({ stage: 'Completed', status: 'Completed' });
    expect(await placesHeld(row.id)).toBe(0);
    expect(await mailsTo(row.customerEmail, 'booking-completed')).toHaveLength(1);
    // Taken back to work: the place is taken again, no e-mail.
    expect((await move(advisor, row.id, 'Completed', 'In progress')).json().data).toMatchObject({ stage: 'In progress', status: 'Scheduled' });
    expect(await placesHeld(row.id)).toBe(1);
    expect(await mailsTo(row.customerEmail, 'booking-approved')).toHaveLength(0);
    const audit = await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM audit_entries WHERE entity_id = ${row.id} AND action = 'workshop.move'`);
    expect((audit as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(5);
  });

  it('sends no pickup e-mail to a walk-in without an address', async () => {
    const row = await job({ customerEmail: '' });
    expect((await move(advisor, row.id, 'Scheduled', 'Ready for pickup')).statusCode).toBe(200);
    expect(await mailsTo('', 'workshop-ready-for-pickup')).toHaveLength(0);
  });

  it('refuses a stale move with the stage the job is in', async () => {
    const row = await job();
    expect((await move(advisor, row.id, 'Scheduled', 'Checked in')).statusCode).toBe(200);
    const stale = await move(tech, row.id, 'Scheduled', 'In progress');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This job has moved to Checked in. The board has been refreshed.');
  });

  it('lets only one of two simultaneous moves from the same stage through', async () => {
    const row = await job();
    const results = await Promise.all([move(advisor, row.id, 'Scheduled', 'In progress'), move(admin, row.id, 'Scheduled', 'Waiting for parts')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("refuses a technician on someone else's job, same-stage moves, bad stages and other roles", async () => {
    const row = await job({ assignee: otherTech });
    const notMine = await move(tech, row.id, 'Scheduled', 'In progress');
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('You can move only the jobs assigned to you.');
    expect((await move(otherTech, row.id, 'Scheduled', 'In progress')).statusCode).toBe(200);
    const same = await move(advisor, row.id, 'In progress', 'In progress');
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.to).toBe('The job is already in this stage.');
    const bad = await move(advisor, row.id, 'In progress', 'No-show');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toBe('Choose a stage');
    expect((await move(null, row.id, 'In progress', 'Completed')).statusCode).toBe(401);
    expect((await move(customer, row.id, 'In progress', 'Completed')).statusCode).toBe(403);
    expect((await move(sales, row.id, 'In progress', 'Completed')).statusCode).toBe(403);
    expect((await move(advisor, '00000000-0000-4000-8000-000000000000', 'In progress', 'Completed')).statusCode).toBe(404);
  });

  it("frees the technician's held hour with the place, and takes it again when the job is taken back", async () => {
    const row = await job({ appointmentTime: '05:00 PM' });
    const hours = () => ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM technician_hours WHERE appointment_id = ${row.id}`);
    const count = async () => (await hours() as unknown as { rows: { n: number }[] }).rows[0]!.n;
    await move(advisor, row.id, 'Scheduled', 'Completed');
    expect(await count()).toBe(0);
    await move(advisor, row.id, 'Completed', 'In progress');
    expect(await count()).toBe(1);
    // Another job takes her 05:00 PM meanwhile: taking this one back from Completed is refused.
    await move(advisor, row.id, 'In progress', 'Completed');
    const rival = await job({ appointmentTime: '05:00 PM' });
    await ctx.database.db.execute(sql`INSERT INTO technician_hours (technician_id, day, hour, appointment_id) VALUES (${tech.id}, ${TODAY}, 17, ${rival.id})`);
    const refused = await move(advisor, row.id, 'Completed', 'In progress');
    expect(refused.statusCode).toBe(409);
    expect((await call(advisor, 'GET', `/api/workshop/jobs/${row.id}`)).json().data.stage).toBe('Completed');
  });

  it("keeps a stage the spec's status change did not carry out of step: an admin's PATCH drops it", async () => {
    const row = await job();
    await move(advisor, row.id, 'Scheduled', 'Waiting for approval');
    const patched = await ctx.app.inject({ method: 'PATCH', url: `/api/maintenance/${row.id}`, headers: admin.auth, payload: { status: 'Completed' } });
    expect(patched.json().data).toMatchObject({ status: 'Completed', stage: 'Completed' });
    const [stored] = await ctx.database.db.select().from(maintenanceAppointments).where(eq(maintenanceAppointments.id, row.id));
    expect(stored!.stage).toBeNull();
  });
});

describe(`GET api/workshop/my-jobs and jobs/:id (${TEST_DB_KIND})`, () => {
  it("gives a technician today's own jobs with the customer's notes and the check-in photos", async () => {
    const row = await job({ additionalNotes: 'Rattle from the front left wheel', vehicleRegistration: 'MY-1' });
    await checkIn(advisor, row.id, { odometer: '1200', fuelLevel: '3/4' }, [await pngImage(40, 30)]);
    await job({ assignee: otherTech });
    const res = await call(tech, 'GET', '/api/workshop/my-jobs');
    expect(res.statusCode).toBe(200);
    const jobs = res.json().data.jobs;
    expect(jobs.every((j: { technicianId: string }) => j.technicianId === tech.id)).toBe(true);
    const mine = jobs.find((j: { _id: string }) => j._id === row.id);
    expect(mine).toMatchObject({ additionalNotes: 'Rattle from the front left wheel', stage: 'Checked in', canMove: true });
    expect(mine.checkIn.photos).toHaveLength(1);
    for (const [user, status] of [[null, 401], [customer, 403], [advisor, 403], [sales, 403], [admin, 200]] as const) {
      expect((await call(user, 'GET', '/api/workshop/my-jobs')).statusCode).toBe(status);
    }
  });

  it('gives a technician the jobs of another day when asked (Monday\'s, on a Saturday), and refuses a day that is not one', async () => {
    const tuesday = await job({ appointmentDate: '2026-06-02', vehicleRegistration: 'MY-TUE' });
    const res = await call(tech, 'GET', '/api/workshop/my-jobs?date=2026-06-02');
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer).toMatchObject({ today: TODAY, date: '2026-06-02' });
    expect(answer.jobs.map((j: { _id: string }) => j._id)).toEqual([tuesday.id]);
    // Today's list does not hold it, and says which day it is.
    const today = (await call(tech, 'GET', '/api/workshop/my-jobs')).json().data;
    expect(today.date).toBe(TODAY);
    expect(today.jobs.some((j: { _id: string }) => j._id === tuesday.id)).toBe(false);
    for (const [date, message] of [
      ['2026-02-30', 'Enter a date as YYYY-MM-DD'],
      ['tomorrow', 'Enter a date as YYYY-MM-DD'],
      ['2150-01-01', 'Choose days from 1900 to 2099'],
    ] as const) {
      const bad = await call(tech, 'GET', `/api/workshop/my-jobs?date=${date}`);
      expect(bad.statusCode, date).toBe(422);
      expect(bad.json().errors.date, date).toBe(message);
    }
  });

  it("shows one job to the floor; a technician sees only their own", async () => {
    const row = await job({ assignee: otherTech });
    expect((await call(advisor, 'GET', `/api/workshop/jobs/${row.id}`)).statusCode).toBe(200);
    expect((await call(otherTech, 'GET', `/api/workshop/jobs/${row.id}`)).statusCode).toBe(200);
    expect((await call(tech, 'GET', `/api/workshop/jobs/${row.id}`)).statusCode).toBe(404);
    expect((await call(sales, 'GET', `/api/workshop/jobs/${row.id}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/workshop/jobs/${row.id}`)).statusCode).toBe(401);
  });
});
