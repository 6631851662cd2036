import type { Vehicle } from '@dealer/shared';
import type { TestContext } from './harness';
import type { TestUser } from './factories';
import { vehicleFields } from './factories';
import { multipart, type FilePart, type MultipartFields } from './multipart';

/** The API calls many test files make, each with the caller's session. */

export async function postVehicle(
  ctx: TestContext,
  user: TestUser,
  fields: MultipartFields = vehicleFields(),
  files: FilePart[] = [],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    payload: body.payload,
    headers: { ...body.headers, ...user.auth },
  });
}

export async function patchVehicle(
  ctx: TestContext,
  user: TestUser | null,
  id: string,
  fields: MultipartFields = {},
  files: FilePart[] = [],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/vehicles/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...(user?.auth ?? {}) },
  });
}

/**
 * The dealership approves a listing as it stands: reads its revision (what the reviewer sees) and
 * names it in the status change, as the admin screen does. Answers the PATCH response.
 */
export async function approveVehicle(ctx: TestContext, admin: TestUser, id: string, fields: MultipartFields = {}) {
  const seen = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: admin.auth });
  if (seen.statusCode !== 200) throw new Error(`approve: read failed ${seen.statusCode}: ${seen.body}`);
  const revision = String((seen.json().data as Vehicle).revision);
  return patchVehicle(ctx, admin, id, { status: 'available', revision, ...fields });
}

/** Lists a vehicle through the API (photos and all); fails the test unless it is created. */
export async function createVehicleViaApi(
  ctx: TestContext,
  user: TestUser,
  fields: MultipartFields = {},
  files: FilePart[] = [],
): Promise<Vehicle> {
  const res = await postVehicle(ctx, user, { ...vehicleFields(), ...fields }, files);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Vehicle;
}

/** Every stored vehicle photo file. */
export async function storedFiles(ctx: TestContext): Promise<string[]> {
  return ctx.app.deps.storage.list('vehicles');
}

export function book(ctx: TestContext, user: TestUser, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/maintenance', headers: user.auth, payload: body });
}

export async function bookOk(
  ctx: TestContext,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<{ _id: string } & Record<string, unknown>> {
  const res = await book(ctx, user, body);
  if (res.statusCode !== 201) throw new Error(`booking failed ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

export function patchAppointment(ctx: TestContext, admin: TestUser, id: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/maintenance/${id}`, headers: admin.auth, payload });
}

/** One appointment as `user` sees it (the owner, or an admin); anonymous without a user. */
export function getAppointment(ctx: TestContext, user: TestUser | null, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/maintenance/${id}`, headers: user?.auth ?? {} });
}

/** The owner's cancellation (DELETE api/maintenance/:id/cancel). */
export function cancelAppointment(ctx: TestContext, user: TestUser | null, id: string) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/maintenance/${id}/cancel`, headers: user?.auth ?? {} });
}

/** PATCH api/maintenance/:id/reschedule; the payload is sent as given, so tests can send bad ones. */
export function rescheduleAppointment(ctx: TestContext, user: TestUser | null, id: string, payload: unknown) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/maintenance/${id}/reschedule`,
    headers: user?.auth ?? {},
    payload: payload as Record<string, unknown>,
  });
}

/** The caller's own appointments (GET api/maintenance/history), optionally with a query such as `?status=Pending`. */
export function maintenanceHistory(ctx: TestContext, user: TestUser | null, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/maintenance/history${query}`, headers: user?.auth ?? {} });
}

/** The day's slots as { '09:00 AM': true, ... }. */
export async function availability(ctx: TestContext, date: string): Promise<Record<string, boolean>> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/availability?date=${date}` });
  if (res.statusCode !== 200) throw new Error(`availability failed ${res.statusCode}: ${res.body}`);
  const body = res.json().data as { availability: { time: string; available: boolean }[] };
  return Object.fromEntries(body.availability.map((s) => [s.time, s.available]));
}

/** Fails the test unless `url` is a signed, expiring link to a private photo that /uploads serves (issue 26). */
export async function expectSignedPhotoLoads(ctx: TestContext, url: string): Promise<void> {
  if (!/^\/uploads\/[^?]+\?exp=\d+&sig=[\w-]+$/.test(url)) throw new Error(`not a signed photo link: ${url}`);
  const res = await ctx.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200 || res.headers['content-type'] !== 'image/webp') throw new Error(`signed photo did not load: ${res.statusCode} ${url}`);
  const unsigned = await ctx.app.inject({ method: 'GET', url: url.split('?')[0]! });
  if (unsigned.statusCode !== 404) throw new Error(`private photo served unsigned: ${unsigned.statusCode} ${url}`);
}
