import type { BookingRequest } from '@dealer/shared';
import type { TestContext, TestUser } from '../../test/harness';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** A valid POST api/maintenance body; nested overrides merge. */
export function bookingBody(overrides: DeepPartial<BookingRequest> & Record<string, unknown> = {}): Record<string, unknown> {
  const { vehicle, customer, ...rest } = overrides;
  return {
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate: '2026-06-11',
    appointmentTime: '10:00 AM',
    additionalNotes: 'Please check the tyre pressure too.',
    ...rest,
    vehicle: { make: 'Toyota', model: 'Corolla', year: '2019', registration: 'ABC-1234', ...(vehicle as object) },
    customer: { name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 555 010 0101', ...(customer as object) },
  };
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

export function patch(ctx: TestContext, admin: TestUser, id: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/maintenance/${id}`, headers: admin.auth, payload });
}

export async function availability(ctx: TestContext, date: string): Promise<Record<string, boolean>> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/maintenance/availability?date=${date}` });
  if (res.statusCode !== 200) throw new Error(`availability failed ${res.statusCode}: ${res.body}`);
  const body = res.json().data as { availability: { time: string; available: boolean }[] };
  return Object.fromEntries(body.availability.map((s) => [s.time, s.available]));
}
