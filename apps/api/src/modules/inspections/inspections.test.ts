import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INSPECTION_CHECKLIST } from '@dealer/shared';
import { inspectionItems, maintenanceAppointments } from '../../db/schema';
import { createAppointment, createBookedAppointment, type TestUser } from '../../test/factories';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { pngImage } from '../../test/images';
import { multipart } from '../../test/multipart';
import { expectSignedPhotoLoads } from '../../test/requests';

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
/** A Scheduled job today assigned to Tess Tech (by id), checked in by the advisor unless told. */
async function job(options: { assignee?: TestUser; checkedIn?: boolean } = {}) {
  n += 1;
  const { assignee = tech, checkedIn = true } = options;
  const row = await createBookedAppointment(ctx, {
    appointmentDate: TODAY,
    appointmentTime: '09:00 AM',
    status: 'Scheduled',
    technician: assignee === tech ? 'Tess Tech' : 'Omar Other',
    technicianId: assignee.id,
    vehicle: { make: 'Ford', model: 'Focus', year: '2019', registration: `INS-${n}` },
    customer: { name: 'Carla Customer', email: `insp${n}@example.com`, phone: '5550002222' },
  });
  if (checkedIn) {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/workshop/jobs/${row.id}/check-in`, headers: advisor.auth, payload: { odometer: 1000 * n, fuelLevel: 'Full' } });
    expect(res.statusCode).toBe(200);
  }
  return row;
}

const url = (id: string, rest = '') => `/api/workshop/jobs/${id}/inspection${rest}`;
const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: path, headers: user ? user.auth : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
async function addPhotos(user: TestUser | null, id: string, itemId: string, photos: Buffer[]) {
  const body = multipart({}, photos.map((data) => ({ data, filename: 'finding.png', contentType: 'image/png' })));
  return ctx.app.inject({ method: 'POST', url: url(id, `/items/${itemId}/photos`), headers: { ...(user ? user.auth : {}), ...body.headers }, payload: body.payload });
}
type Item = { _id: string; label: string; position: number; condition: string | null; note: string | null; free: boolean; photos: { key: string; url: string }[]; updatedBy: string | null };
const itemsOf = async (user: TestUser, id: string): Promise<Item[]> => (await call(user, 'GET', url(id))).json().data.items;
const auditActions = async (id: string) =>
  ((await ctx.database.db.execute(sql`SELECT action FROM audit_entries WHERE entity_id = ${id} ORDER BY created_at`)) as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);

describe(`GET api/workshop/jobs/:id/inspection (${TEST_DB_KIND})`, () => {
  it('writes the checklist in order on the first open, once, even when opened twice at once', async () => {
    const row = await job();
    const [a, b] = await Promise.all([call(tech, 'GET', url(row.id)), call(advisor, 'GET', url(row.id))]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const data = a.json().data;
    expect(data).toMatchObject({ appointmentId: row.id, editable: true });
    expect(data.items.map((i: Item) => i.label)).toEqual([...INSPECTION_CHECKLIST]);
    expect(data.items.every((i: Item) => i.condition === null && i.note === null && !i.free && i.photos.length === 0)).toBe(true);
    const stored = await ctx.database.db.select().from(inspectionItems).where(eq(inspectionItems.appointmentId, row.id));
    expect(stored).toHaveLength(INSPECTION_CHECKLIST.length);
  });

  it('is only for a checked-in job: before check-in, unknown and off-floor jobs are refused', async () => {
    const waiting = await job({ checkedIn: false });
    const res = await call(advisor, 'GET', url(waiting.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This job has not been checked in yet. Check the car in before inspecting it.');
    expect(await ctx.database.db.select().from(inspectionItems).where(eq(inspectionItems.appointmentId, waiting.id))).toHaveLength(0);
    const missing = await call(advisor, 'GET', url('00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Job not found');
    expect((await call(advisor, 'GET', url('nope'))).statusCode).toBe(404);
    const pending = await createAppointment(ctx, { appointmentDate: TODAY, status: 'Pending' });
    expect((await call(advisor, 'GET', url(pending.id))).statusCode).toBe(404);
  });

  it("admits advisors, admins and the job's technician; another technician, sales and customers are refused", async () => {
    const row = await job();
    for (const [user, status] of [[null, 401], [customer, 403], [sales, 403], [otherTech, 404], [tech, 200], [advisor, 200], [admin, 200]] as const) {
      expect((await call(user, 'GET', url(row.id))).statusCode, user?.username ?? 'anonymous').toBe(status);
    }
  });
});

describe(`PATCH api/workshop/jobs/:id/inspection/items/:itemId (${TEST_DB_KIND})`, () => {
  it('records a condition and a note, who changed it, and an audit entry', async () => {
    const row = await job();
    const [tyres] = await itemsOf(tech, row.id);
    const res = await call(tech, 'PATCH', url(row.id, `/items/${tyres!._id}`), { condition: 'Needs attention soon', note: '  Front left at 3 mm  ' });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data.items[0];
    expect(saved).toMatchObject({ label: 'Tyres', condition: 'Needs attention soon', note: 'Front left at 3 mm', updatedBy: 'Tess Tech' });
    // A note alone keeps the condition; an empty note clears the note; null clears the condition.
    const noteOnly = await call(advisor, 'PATCH', url(row.id, `/items/${tyres!._id}`), { note: 'Both fronts at 3 mm' });
    expect(noteOnly.json().data.items[0]).toMatchObject({ condition: 'Needs attention soon', note: 'Both fronts at 3 mm', updatedBy: 'Ada Advisor' });
    const cleared = await call(admin, 'PATCH', url(row.id, `/items/${tyres!._id}`), { condition: null, note: '' });
    expect(cleared.json().data.items[0]).toMatchObject({ condition: null, note: null });
    for (const condition of ['Good', 'Needs attention now'] as const) {
      expect((await call(tech, 'PATCH', url(row.id, `/items/${tyres!._id}`), { condition })).json().data.items[0].condition).toBe(condition);
    }
    expect((await auditActions(row.id)).filter((a) => a === 'inspection.item')).toHaveLength(5);
  });

  it('answers each bad field with its message, changing nothing', async () => {
    const row = await job();
    const [tyres] = await itemsOf(advisor, row.id);
    const cases: [unknown, string, string][] = [
      [{ condition: 'Fine' }, 'condition', 'Choose Good, Needs attention soon or Needs attention now'],
      [{ condition: 3 }, 'condition', 'Choose Good, Needs attention soon or Needs attention now'],
      [{ note: 'x'.repeat(1001) }, 'note', 'A note must be at most 1000 characters'],
      [{ note: 'Worn\u0000 pads' }, 'note', 'Must not contain the NUL character.'],
      [{}, 'condition', 'Send a condition or a note to change'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(advisor, 'PATCH', url(row.id, `/items/${tyres!._id}`), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    const unknown = await call(advisor, 'PATCH', url(row.id, '/items/00000000-0000-4000-8000-000000000000'), { condition: 'Good' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Inspection item not found');
    // An item of another job is not found through this one.
    const other = await job();
    const [otherTyres] = await itemsOf(advisor, other.id);
    expect((await call(advisor, 'PATCH', url(row.id, `/items/${otherTyres!._id}`), { condition: 'Good' })).statusCode).toBe(404);
    expect((await itemsOf(advisor, row.id))[0]).toMatchObject({ condition: null, note: null });
    expect(await auditActions(row.id)).not.toContain('inspection.item');
  });

  it("refuses another technician's job (403), sales and customers, and a completed job's inspection", async () => {
    const row = await job();
    const [tyres] = await itemsOf(advisor, row.id);
    const patch = (user: TestUser | null) => call(user, 'PATCH', url(row.id, `/items/${tyres!._id}`), { condition: 'Good' });
    const notMine = await patch(otherTech);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('You can inspect only the jobs assigned to you.');
    for (const [user, status] of [[null, 401], [customer, 403], [sales, 403]] as const) expect((await patch(user)).statusCode).toBe(status);
    await ctx.app.inject({ method: 'POST', url: `/api/workshop/jobs/${row.id}/move`, headers: advisor.auth, payload: { from: 'Checked in', to: 'Completed' } });
    const done = await patch(tech);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('This job is completed: its inspection can no longer be changed.');
    const read = await call(tech, 'GET', url(row.id));
    expect(read.json().data).toMatchObject({ editable: false });
    expect(read.json().data.items[0].condition).toBeNull();
  });
});

describe(`free items: POST and DELETE api/workshop/jobs/:id/inspection/items (${TEST_DB_KIND})`, () => {
  it('adds items after the checklist and removes only those', async () => {
    const row = await job();
    const added = await call(tech, 'POST', url(row.id, '/items'), { label: '  Exhaust  ' });
    expect(added.statusCode).toBe(200);
    const items: Item[] = added.json().data.items;
    expect(items).toHaveLength(INSPECTION_CHECKLIST.length + 1);
    expect(items.at(-1)).toMatchObject({ label: 'Exhaust', free: true, position: INSPECTION_CHECKLIST.length, updatedBy: 'Tess Tech' });
    const second = (await call(tech, 'POST', url(row.id, '/items'), { label: 'Horn' })).json().data.items.at(-1) as Item;
    expect(second.position).toBe(INSPECTION_CHECKLIST.length + 1);
    const checklist = await call(tech, 'DELETE', url(row.id, `/items/${items[0]!._id}`));
    expect(checklist.statusCode).toBe(409);
    expect(checklist.json().message).toBe('Only an item you added can be removed; the checklist items stay.');
    const removed = await call(tech, 'DELETE', url(row.id, `/items/${items.at(-1)!._id}`));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items.map((i: Item) => i.label)).toEqual([...INSPECTION_CHECKLIST, 'Horn']);
    // A new item goes after the last one, not into the gap.
    expect((await call(tech, 'POST', url(row.id, '/items'), { label: 'Seat belts' })).json().data.items.at(-1).position).toBe(INSPECTION_CHECKLIST.length + 2);
    expect(await auditActions(row.id)).toEqual(expect.arrayContaining(['inspection.item-add', 'inspection.item-remove']));
    expect((await call(tech, 'DELETE', url(row.id, `/items/${items.at(-1)!._id}`))).statusCode).toBe(404);
  });

  it('adds an item on a job never opened (the checklist first) and bounds names and counts', async () => {
    const row = await job();
    const first = await call(advisor, 'POST', url(row.id, '/items'), { label: 'Exhaust' });
    expect(first.json().data.items.map((i: Item) => i.label)).toEqual([...INSPECTION_CHECKLIST, 'Exhaust']);
    const cases: [unknown, string][] = [
      [{}, 'Name the item to inspect'],
      [{ label: '   ' }, 'Name the item to inspect'],
      [{ label: 'x'.repeat(81) }, "An item's name must be at most 80 characters"],
    ];
    for (const [body, message] of cases) {
      const res = await call(advisor, 'POST', url(row.id, '/items'), body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.label).toBe(message);
    }
    for (let i = INSPECTION_CHECKLIST.length + 1; i < 40; i += 1) {
      expect((await call(advisor, 'POST', url(row.id, '/items'), { label: `Extra ${i}` })).statusCode).toBe(200);
    }
    const full = await call(advisor, 'POST', url(row.id, '/items'), { label: 'One too many' });
    expect(full.statusCode).toBe(422);
    expect(full.json().errors.label).toBe('An inspection can have at most 40 items');
    expect(await itemsOf(advisor, row.id)).toHaveLength(40);
  });

  it('refuses roles and a job not checked in', async () => {
    const row = await job({ assignee: otherTech });
    for (const [user, status] of [[null, 401], [customer, 403], [sales, 403], [tech, 403], [otherTech, 200]] as const) {
      expect((await call(user, 'POST', url(row.id, '/items'), { label: 'Horn' })).statusCode).toBe(status);
    }
    const waiting = await job({ checkedIn: false });
    expect((await call(advisor, 'POST', url(waiting.id, '/items'), { label: 'Horn' })).statusCode).toBe(409);
  });
});

describe(`photos: POST and DELETE api/workshop/jobs/:id/inspection/items/:itemId/photos (${TEST_DB_KIND})`, () => {
  it('stores photos through the photo pipeline, up to six per item, and removes them with their files', async () => {
    const row = await job();
    const [, brakes] = await itemsOf(tech, row.id);
    const png = await pngImage(64, 48);
    const res = await addPhotos(tech, row.id, brakes!._id, [png, png]);
    expect(res.statusCode).toBe(200);
    const photos = res.json().data.items[1].photos;
    expect(photos).toHaveLength(2);
    expect(photos[0].url).toContain(`/inspections/${row.id}/`);
    await expectSignedPhotoLoads(ctx, photos[0].url);
    expect(await ctx.app.deps.storage.list(`inspections/${row.id}`)).toHaveLength(2);
    const tooMany = await addPhotos(tech, row.id, brakes!._id, [png, png, png, png, png]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.images).toBe('An item can have at most 6 photos');
    expect(await ctx.app.deps.storage.list(`inspections/${row.id}`)).toHaveLength(2);
    const removed = await call(tech, 'DELETE', url(row.id, `/items/${brakes!._id}/photos/${photos[0].key}`));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items[1].photos.map((p: { key: string }) => p.key)).toEqual([photos[1].key]);
    expect(await ctx.app.deps.storage.list(`inspections/${row.id}`)).toHaveLength(1);
    const gone = await call(tech, 'DELETE', url(row.id, `/items/${brakes!._id}/photos/${photos[0].key}`));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Photo not found');
    expect(await auditActions(row.id)).toEqual(expect.arrayContaining(['inspection.photo-add', 'inspection.photo-remove']));
    // Removing an added item removes its photos' files.
    const horn = ((await call(tech, 'POST', url(row.id, '/items'), { label: 'Horn' })).json().data.items as Item[]).at(-1)!;
    await addPhotos(tech, row.id, horn._id, [png]);
    expect(await ctx.app.deps.storage.list(`inspections/${row.id}`)).toHaveLength(2);
    await call(tech, 'DELETE', url(row.id, `/items/${horn._id}`));
    expect(await ctx.app.deps.storage.list(`inspections/${row.id}`)).toHaveLength(1);
  });

  it('refuses no photo, a file that is not an image, seven at once and other roles, storing nothing', async () => {
    const row = await job();
    const [tyres] = await itemsOf(advisor, row.id);
    const none = await call(advisor, 'POST', url(row.id, `/items/${tyres!._id}/photos`), {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.images).toBe('Choose a photo to add');
    const notImage = await addPhotos(advisor, row.id, tyres!._id, [Buffer.from('not an image at all')]);
    expect(notImage.statusCode).toBe(415);
    const png = await pngImage(16, 16);
    const seven = await addPhotos(advisor, row.id, tyres!._id, Array.from({ length: 7 }, () => png));
    expect(seven.statusCode).toBe(422);
    expect(seven.json().message).toBe('An item can have at most 6 photos');
    for (const [user, status] of [[null, 401], [customer, 403], [sales, 403], [otherTech, 403]] as const) {
      expect((await addPhotos(user, row.id, tyres!._id, [png])).statusCode).toBe(status);
    }
    expect((await addPhotos(advisor, row.id, '00000000-0000-4000-8000-000000000000', [png])).statusCode).toBe(404);
    expect(await ctx.app.deps.storage.list(`inspections/${row.id}`)).toHaveLength(0);
    const [stored] = await ctx.database.db
      .select()
      .from(maintenanceAppointments)
      .where(and(eq(maintenanceAppointments.id, row.id)));
    expect(stored!.stage).toBe('Checked in');
  });
});
