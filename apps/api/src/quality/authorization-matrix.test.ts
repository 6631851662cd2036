// The authorization matrix: every route of the server's own route table, called by an anonymous
// visitor, the owner of the resources, another user, an admin and each staff role (service advisor,
// technician, sales), against the expected status. A route in the app without an entry here fails
// the test, so a new route needs its line.
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { TIME_SLOTS } from '@dealer/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateLines, estimates, garageVehicles, invoices, leads, maintenanceAppointments, tradeIns, vehicleHolds, vehicles } from '../db/schema';
import { estimateLinkToken } from '../modules/estimates';
import { createTestApp, type TestContext } from '../test/harness';
import { createTokenSigner } from '../infra/tokens';
import { reminderUnsubscribeToken } from '../modules/reminders';
import { collectRoutes, isExcludedRoute } from './route-table';
import { bookingBody, createAdmin, createUser, fullVehicleFields, futureBookingDates, type TestUser } from '../test/factories';
import { bookOk, createVehicleViaApi } from '../test/requests';

type Caller = 'anonymous' | 'owner' | 'other' | 'admin' | 'advisor' | 'technician' | 'sales';
const CALLERS: Caller[] = ['anonymous', 'owner', 'other', 'admin', 'advisor', 'technician', 'sales'];

interface Resources {
  /** A public ('available') listing of the owner. */
  vehicleId: string;
  /** A pending (not public) listing of the owner. */
  pendingVehicleId: string;
  /** A Pending appointment of the owner. */
  appointmentId: string;
  /** A saved search of the owner. */
  savedSearchId: string;
  /** A New lead on the public listing. */
  leadId: string;
  /** A booked test drive of the owner (of the public listing). */
  testDriveId: string;
  /** The owner's active hold of the public listing (one per customer: a newer set ends the older). */
  reservationId: string;
  /** The owner's trade-in with a live offer. */
  tradeInId: string;
  /** The owner's garage vehicle (added by the owner's booking). */
  garageVehicleId: string;
  /** An invoice of the owner's appointment, with a large balance. */
  invoiceId: string;
  /** A job of the owner waiting for approval (no technician), with its Sent estimate, lines and e-mailed link's token. */
  jobId: string;
  estimateId: string;
  estimateLineIds: string[];
  estimateToken: string;
}

interface Case {
  label?: string;
  /** Makes fresh resources for the route (for calls that change or remove them): first, and again after each call that succeeded. */
  fresh?: boolean;
  request: (r: Resources, n: number) => Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
  expect: [anonymous: number, owner: number, other: number, admin: number];
  /**
   * The staff roles' answers; without it each answers as the other user does (a staff member is a
   * customer outside their part of /admin). See docs/decisions/019-staff-roles.md.
   */
  staff?: [advisor: number, technician: number, sales: number];
}

/** Staff answers: the service advisor admitted (workshop routes), or sales (listing routes); the rest refused. */
const ADVISOR = (ok: number, refused = 403): Case['staff'] => [ok, refused, refused];
const SALES = (ok: number, refused = 403): Case['staff'] => [refused, refused, ok];

/** An id no row has. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const ADMIN_ONLY: Case['expect'] = [401, 403, 403, 200];
/** The spec's admin routes a service advisor also works on. */
const WORKSHOP_STAFF = { expect: ADMIN_ONLY, staff: ADVISOR(200) } satisfies Pick<Case, 'expect' | 'staff'>;
const ANY_USER: Case['expect'] = [401, 200, 200, 200];
const EVERYONE: Case['expect'] = [200, 200, 200, 200];
/** The lead inbox: ADMIN and SALES. */
const SALES_STAFF = { expect: ADMIN_ONLY, staff: SALES(200) } satisfies Pick<Case, 'expect' | 'staff'>;
const SALES_STAFF_CREATED = { expect: [401, 403, 403, 201], staff: SALES(201) } satisfies Pick<Case, 'expect' | 'staff'>;

let slot = 0;
const DATES = futureBookingDates(40);
function nextBooking() {
  slot += 1;
  return bookingBody({
    appointmentDate: DATES[slot % DATES.length]!,
    appointmentTime: TIME_SLOTS[Math.floor(slot / DATES.length) % TIME_SLOTS.length]!,
    vehicle: { registration: 'MAT-1' },
    customer: { name: 'Matrix Owner', email: 'owner@example.com' },
  });
}

let driveSlot = 0;
/** A free test-drive hour (Mon-Sat, 9:00 to 17:00), a new one per call. */
function nextDrive() {
  driveSlot += 1;
  return { date: DATES[driveSlot % DATES.length]!, time: `${String(((Math.floor(driveSlot / DATES.length) % 9) + 9) % 12 || 12).padStart(2, '0')}:00 ${Math.floor(driveSlot / DATES.length) % 9 + 9 < 12 ? 'AM' : 'PM'}` };
}
const matrixTradeIn = {
  registration: 'MAT 123',
  make: 'Ford',
  model: 'Focus',
  year: 2018,
  mileage: 45000,
  accidentHistory: 'none',
  serviceHistory: 'full',
  keys: 'two',
  warningLights: 'no',
  tyres: 'good',
  bodywork: 'good',
};
const matrixOffer = () => ({ amountCents: 500_000, expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
const matrixGarageVehicle = (n: number) => ({ make: 'Mazda', model: 'CX-5', year: '2021', registration: `GAR ${n}`, vin: '1M8GDM9AXKP042788', mileage: 12000 });
const matrixEstimate = { lines: [{ kind: 'Labour', description: 'Oil change', quantityHundredths: 100 }] };
const matrixDecision = (r: { estimateLineIds: string[] }) => ({
  version: 1,
  decisions: r.estimateLineIds.map((lineId, i) => ({ lineId, decision: i === 0 ? 'Approved' : 'Declined' })),
  fullName: 'Matrix Owner',
});
const matrixCustomer = { name: 'Matrix Caller', email: 'caller@example.com', phone: '+1 555 0100 300' };

/** "METHOD /route/:pattern" -> the cases run against it. */
const MATRIX: Record<string, Case[]> = {
  'GET /api/health': [{ request: () => ({ method: 'GET', url: '/api/health' }), expect: EVERYONE }],
  'GET /api/health/constant': [{ request: () => ({ method: 'GET', url: '/api/health/constant' }), expect: EVERYONE }],

  'POST /api/auth/register': [
    {
      request: (_r, n) => ({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: `matrix${n}${Date.now() % 100000}`,
          name: 'Matrix User',
          phone: '+1 555 0100 200',
          email: `matrix${n}${Date.now() % 100000}@example.com`,
          address: '1 Matrix Street',
          password: 'Password123!',
          confirmPassword: 'Password123!',
        },
      }),
      expect: [201, 201, 201, 201],
    },
  ],
  'POST /api/auth/login': [
    { label: 'wrong password', request: () => ({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: 'nobody@example.com', password: 'Password123!' } }), expect: [401, 401, 401, 401] },
  ],
  'POST /api/auth/refresh': [{ label: 'no refresh cookie', request: () => ({ method: 'POST', url: '/api/auth/refresh' }), expect: [401, 401, 401, 401] }],
  'POST /api/auth/logout': [{ request: () => ({ method: 'POST', url: '/api/auth/logout' }), expect: EVERYONE }],
  'POST /api/auth/password-reset': [
    {
      label: 'unknown reset token',
      request: () => ({ method: 'POST', url: '/api/auth/password-reset', payload: { token: 'a'.repeat(43), password: 'Password123!', confirmPassword: 'Password123!' } }),
      expect: [410, 410, 410, 410],
    },
  ],
  'POST /api/auth/password-reset/check': [
    {
      label: 'unknown reset token',
      request: () => ({ method: 'POST', url: '/api/auth/password-reset/check', payload: { token: 'a'.repeat(43) } }),
      expect: [410, 410, 410, 410],
    },
  ],

  'POST /api/auth/forgot-password': [
    {
      label: 'any address gets the same answer',
      request: (_r, n) => ({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `matrix-forgot${n}@example.com` } }),
      expect: EVERYONE,
    },
  ],
  'GET /api/admin/emails': [{ request: () => ({ method: 'GET', url: '/api/admin/emails' }), expect: ADMIN_ONLY }],
  'GET /api/admin/emails/:id': [
    { label: 'unknown message', request: () => ({ method: 'GET', url: '/api/admin/emails/00000000-0000-4000-8000-000000000000' }), expect: [401, 403, 403, 404] },
  ],
  'POST /api/admin/emails/:id/resend': [
    {
      label: 'unknown message',
      request: () => ({ method: 'POST', url: '/api/admin/emails/00000000-0000-4000-8000-000000000000/resend' }),
      expect: [401, 403, 403, 404],
    },
  ],

  'GET /api/admin/overview': [{ request: () => ({ method: 'GET', url: '/api/admin/overview' }), expect: ADMIN_ONLY }],
  'GET /api/admin/search': [{ request: () => ({ method: 'GET', url: '/api/admin/search?q=toyota' }), expect: ADMIN_ONLY }],
  'GET /api/admin/audit': [
    { request: (r) => ({ method: 'GET', url: `/api/admin/audit?entityType=vehicle&entityId=${r.vehicleId}` }), expect: ADMIN_ONLY },
  ],
  'GET /api/admin/audit-log': [{ request: () => ({ method: 'GET', url: '/api/admin/audit-log?kind=vehicle&page=1' }), expect: ADMIN_ONLY }],

  'GET /api/users': [{ request: () => ({ method: 'GET', url: '/api/users?status=all&page=1' }), expect: ADMIN_ONLY }],
  'GET /api/users/customers': [{ request: () => ({ method: 'GET', url: '/api/users/customers?search=ja' }), ...WORKSHOP_STAFF }],
  'GET /api/users/profile': [{ request: () => ({ method: 'GET', url: '/api/users/profile' }), expect: ANY_USER }],
  'PATCH /api/users/profile': [
    {
      request: () => ({
        method: 'PATCH',
        url: '/api/users/profile',
        payload: { name: 'Changed Name', phone: '+1 555 0100 999', address: '2 Matrix Street', oldPassword: 'Password123!' },
      }),
      expect: ANY_USER,
    },
  ],
  // Admin user management acts on the owner's account.
  'GET /api/users/:id': [{ request: (_r) => ({ method: 'GET', url: `/api/users/${ids.owner}` }), expect: ADMIN_ONLY }],
  'GET /api/users/:id/maintenance': [{ request: () => ({ method: 'GET', url: `/api/users/${ids.owner}/maintenance` }), expect: ADMIN_ONLY }],
  'GET /api/users/:id/security': [{ request: () => ({ method: 'GET', url: `/api/users/${ids.owner}/security` }), expect: ADMIN_ONLY }],
  'PATCH /api/users/:id/status': [
    { request: () => ({ method: 'PATCH', url: `/api/users/${ids.owner}/status`, payload: { status: 'active' } }), expect: ADMIN_ONLY },
  ],
  // On a bystander: ending the owner's sessions would end the owner's access token for the rest of the matrix.
  'POST /api/users/:id/revoke-sessions': [{ request: () => ({ method: 'POST', url: `/api/users/${ids.bystander}/revoke-sessions` }), expect: ADMIN_ONLY }],
  // On a bystander, sending the role it has: nothing changes for the rest of the matrix.
  'PATCH /api/users/:id/role': [
    { request: () => ({ method: 'PATCH', url: `/api/users/${ids.bystander}/role`, payload: { role: 'USER' } }), expect: ADMIN_ONLY },
  ],
  'POST /api/users/:id/password-reset': [{ request: () => ({ method: 'POST', url: `/api/users/${ids.owner}/password-reset` }), expect: ADMIN_ONLY }],

  'GET /api/vehicles': [{ request: () => ({ method: 'GET', url: '/api/vehicles?page=1' }), expect: EVERYONE }],
  'POST /api/vehicles': [{ request: () => ({ method: 'POST', url: '/api/vehicles', payload: fullVehicleFields() }), expect: [401, 201, 201, 201] }],
  'GET /api/vehicles/facets': [{ request: () => ({ method: 'GET', url: '/api/vehicles/facets?make=Toyota' }), expect: EVERYONE }],
  'GET /api/vehicles/mine': [{ request: () => ({ method: 'GET', url: '/api/vehicles/mine' }), expect: ANY_USER }],
  'GET /api/vehicles/price-guide': [{ request: () => ({ method: 'GET', url: '/api/vehicles/price-guide?make=Toyota&model=Corolla&year=2020' }), expect: ANY_USER }],

  'GET /api/account/saved-vehicles': [{ request: () => ({ method: 'GET', url: '/api/account/saved-vehicles' }), expect: ANY_USER }],
  'PUT /api/account/saved-vehicles/:id': [{ request: (r) => ({ method: 'PUT', url: `/api/account/saved-vehicles/${r.vehicleId}` }), expect: ANY_USER }],
  'DELETE /api/account/saved-vehicles/:id': [{ request: (r) => ({ method: 'DELETE', url: `/api/account/saved-vehicles/${r.vehicleId}` }), expect: ANY_USER }],
  'POST /api/account/saved-vehicles/merge': [
    { request: (r) => ({ method: 'POST', url: '/api/account/saved-vehicles/merge', payload: { vehicleIds: [r.vehicleId] } }), expect: ANY_USER },
  ],
  'GET /api/account/saved-searches': [{ request: () => ({ method: 'GET', url: '/api/account/saved-searches' }), expect: ANY_USER }],
  'POST /api/account/saved-searches': [
    { request: (_r, n) => ({ method: 'POST', url: '/api/account/saved-searches', payload: { name: `Matrix ${n}`, frequency: 'Daily', filters: { make: 'Toyota' } } }), expect: [401, 201, 201, 201] },
  ],
  'PATCH /api/account/saved-searches/:id': [
    { label: "the owner's saved search", request: (r) => ({ method: 'PATCH', url: `/api/account/saved-searches/${r.savedSearchId}`, payload: { name: 'Renamed' } }), expect: [401, 200, 404, 404] },
  ],
  'DELETE /api/account/saved-searches/:id': [
    { label: "the owner's saved search", fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/account/saved-searches/${r.savedSearchId}` }), expect: [401, 200, 404, 404] },
  ],
  'POST /api/saved-searches/unsubscribe': [
    { label: 'a forged token', request: () => ({ method: 'POST', url: '/api/saved-searches/unsubscribe?token=forged' }), expect: [422, 422, 422, 422] },
  ],
  'GET /api/vehicles/purchases': [{ request: () => ({ method: 'GET', url: '/api/vehicles/purchases' }), expect: ANY_USER }],
  'GET /api/vehicles/:id': [
    { label: 'public listing', request: (r) => ({ method: 'GET', url: `/api/vehicles/${r.vehicleId}` }), expect: EVERYONE },
    { label: 'pending listing', request: (r) => ({ method: 'GET', url: `/api/vehicles/${r.pendingVehicleId}` }), expect: [404, 200, 404, 200], staff: SALES(200, 404) },
  ],
  'GET /api/vehicles/:id/audit': [{ request: (r) => ({ method: 'GET', url: `/api/vehicles/${r.vehicleId}/audit` }), ...SALES_STAFF }],
  'POST /api/vehicles/:id/review': [
    {
      label: 'pending listing',
      fresh: true,
      request: (r) => ({ method: 'POST', url: `/api/vehicles/${r.pendingVehicleId}/review`, payload: { action: 'send-back', reason: 'Add the mileage' } }),
      expect: ADMIN_ONLY,
      staff: SALES(200),
    },
  ],
  'GET /api/vehicles/:id/similar': [
    { label: 'public listing', request: (r) => ({ method: 'GET', url: `/api/vehicles/${r.vehicleId}/similar` }), expect: EVERYONE },
    { label: 'pending listing', request: (r) => ({ method: 'GET', url: `/api/vehicles/${r.pendingVehicleId}/similar` }), expect: [404, 200, 404, 200], staff: SALES(200, 404) },
  ],
  'PATCH /api/vehicles/:id': [
    { label: 'public listing', fresh: true, request: (r) => ({ method: 'PATCH', url: `/api/vehicles/${r.vehicleId}`, payload: { price: 12345 } }), expect: [401, 200, 403, 200], staff: SALES(200) },
    { label: 'pending listing', fresh: true, request: (r) => ({ method: 'PATCH', url: `/api/vehicles/${r.pendingVehicleId}`, payload: { price: 12345 } }), expect: [401, 200, 404, 200], staff: SALES(200, 404) },
    { label: 'owner sets status', fresh: true, request: (r) => ({ method: 'PATCH', url: `/api/vehicles/${r.pendingVehicleId}`, payload: { status: 'available', revision: 1 } }), expect: [401, 403, 404, 200], staff: SALES(200, 404) },
  ],
  'DELETE /api/vehicles/:id': [
    { label: 'public listing', fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/vehicles/${r.vehicleId}` }), expect: [401, 200, 403, 200], staff: SALES(200) },
    { label: 'pending listing', fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/vehicles/${r.pendingVehicleId}` }), expect: [401, 200, 404, 200], staff: SALES(200, 404) },
  ],

  'POST /api/maintenance': [{ request: () => ({ method: 'POST', url: '/api/maintenance', payload: nextBooking() }), expect: [401, 201, 201, 201] }],
  'GET /api/maintenance/settings': [{ request: () => ({ method: 'GET', url: '/api/maintenance/settings' }), expect: EVERYONE }],
  'GET /api/maintenance/availability': [{ request: () => ({ method: 'GET', url: `/api/maintenance/availability?date=${DATES[0]}` }), expect: EVERYONE }],
  'GET /api/maintenance/availability/month': [
    { request: () => ({ method: 'GET', url: `/api/maintenance/availability/month?month=${DATES[0]!.slice(0, 7)}` }), expect: EVERYONE },
  ],
  'GET /api/maintenance/admin/all': [{ request: () => ({ method: 'GET', url: '/api/maintenance/admin/all?page=1' }), ...WORKSHOP_STAFF }],
  'GET /api/maintenance/admin/overview': [{ request: () => ({ method: 'GET', url: '/api/maintenance/admin/overview' }), ...WORKSHOP_STAFF }],
  'GET /api/maintenance/admin/technicians': [{ request: () => ({ method: 'GET', url: '/api/maintenance/admin/technicians' }), ...WORKSHOP_STAFF }],
  'GET /api/maintenance/allowance': [{ request: () => ({ method: 'GET', url: '/api/maintenance/allowance' }), expect: ANY_USER }],
  'GET /api/maintenance/history': [{ request: () => ({ method: 'GET', url: '/api/maintenance/history' }), expect: ANY_USER }],
  'GET /api/maintenance/:id': [{ request: (r) => ({ method: 'GET', url: `/api/maintenance/${r.appointmentId}` }), expect: [401, 200, 404, 200], staff: ADVISOR(200, 404) }],
  'GET /api/maintenance/:id/calendar.ics': [
    { request: (r) => ({ method: 'GET', url: `/api/maintenance/${r.appointmentId}/calendar.ics` }), expect: [401, 200, 404, 200], staff: ADVISOR(200, 404) },
  ],
  'GET /api/maintenance/:id/audit': [{ request: (r) => ({ method: 'GET', url: `/api/maintenance/${r.appointmentId}/audit` }), ...WORKSHOP_STAFF }],
  'DELETE /api/maintenance/:id/cancel': [
    // Only the owner cancels; an admin changes the status through PATCH instead.
    { fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/maintenance/${r.appointmentId}/cancel` }), expect: [401, 200, 404, 404] },
  ],
  'PATCH /api/maintenance/:id/reschedule': [
    {
      fresh: true,
      request: (r) => {
        const { appointmentDate, appointmentTime } = nextBooking();
        return { method: 'PATCH', url: `/api/maintenance/${r.appointmentId}/reschedule`, payload: { appointmentDate, appointmentTime } };
      },
      expect: [401, 200, 404, 200],
      staff: ADVISOR(200, 404),
    },
  ],
  'POST /api/maintenance/admin/bookings': [
    {
      request: () => ({ method: 'POST', url: '/api/maintenance/admin/bookings', payload: { ...nextBooking(), userId: null } }),
      expect: [401, 403, 403, 201],
      staff: ADVISOR(201),
    },
  ],
  'GET /api/closure-days': [{ request: () => ({ method: 'GET', url: '/api/closure-days' }), expect: EVERYONE }],
  'GET /api/maintenance/service-durations': [{ request: () => ({ method: 'GET', url: '/api/maintenance/service-durations' }), expect: EVERYONE }],
  'GET /api/admin/workshop/settings': [{ request: () => ({ method: 'GET', url: '/api/admin/workshop/settings' }), expect: ADMIN_ONLY }],
  'PUT /api/admin/workshop/settings': [
    {
      // More places than the tests book: never refused for what is already booked.
      request: () => ({
        method: 'PUT',
        url: '/api/admin/workshop/settings',
        payload: { resources: { serviceBays: 40, bodyBays: 40, paintBooths: 40 }, services: [] },
      }),
      expect: ADMIN_ONLY,
    },
  ],
  'GET /api/admin/closure-days': [{ request: () => ({ method: 'GET', url: '/api/admin/closure-days' }), ...WORKSHOP_STAFF }],
  'POST /api/admin/closure-days': [
    {
      // Far beyond the booking dates above, one new date per call.
      request: (_r, n) => ({ method: 'POST', url: '/api/admin/closure-days', payload: { date: futureBookingDates(1, 200 + 2 * n)[0], reason: 'Matrix day' } }),
      expect: [401, 403, 403, 201],
      staff: ADVISOR(201),
    },
  ],
  'DELETE /api/admin/closure-days/:date': [
    {
      label: 'no such closure day',
      request: () => ({ method: 'DELETE', url: '/api/admin/closure-days/2099-01-02' }),
      expect: [401, 403, 403, 404],
      staff: ADVISOR(404),
    },
  ],
  'GET /api/test-drives/settings': [{ request: () => ({ method: 'GET', url: '/api/test-drives/settings' }), expect: EVERYONE }],
  'GET /api/test-drives/availability': [
    { request: (r) => ({ method: 'GET', url: `/api/test-drives/availability?vehicleId=${r.vehicleId}&date=${DATES[0]}` }), expect: EVERYONE },
  ],
  'GET /api/test-drives': [{ request: () => ({ method: 'GET', url: '/api/test-drives' }), expect: ANY_USER }],
  'POST /api/test-drives': [
    { request: (r) => ({ method: 'POST', url: '/api/test-drives', payload: { vehicleId: r.vehicleId, ...nextDrive() } }), expect: [401, 201, 201, 201] },
  ],
  'PATCH /api/test-drives/:id': [
    { fresh: true, request: (r) => ({ method: 'PATCH', url: `/api/test-drives/${r.testDriveId}`, payload: nextDrive() }), expect: [401, 200, 404, 200], staff: SALES(200, 404) },
  ],
  'DELETE /api/test-drives/:id': [
    { fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/test-drives/${r.testDriveId}` }), expect: [401, 200, 404, 200], staff: SALES(200, 404) },
  ],
  'GET /api/admin/test-drives': [{ request: () => ({ method: 'GET', url: '/api/admin/test-drives' }), expect: ADMIN_ONLY, staff: SALES(200) }],
  'POST /api/admin/test-drives': [
    {
      request: (r) => ({ method: 'POST', url: '/api/admin/test-drives', payload: { vehicleId: r.vehicleId, ...nextDrive(), customer: matrixCustomer } }),
      expect: [401, 403, 403, 201],
      staff: SALES(201),
    },
  ],
  'PATCH /api/admin/test-drives/:id': [
    { fresh: true, request: (r) => ({ method: 'PATCH', url: `/api/admin/test-drives/${r.testDriveId}`, payload: nextDrive() }), expect: ADMIN_ONLY, staff: SALES(200) },
  ],
  'DELETE /api/admin/test-drives/:id': [
    { fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/admin/test-drives/${r.testDriveId}` }), expect: ADMIN_ONLY, staff: SALES(200) },
  ],
  'PUT /api/admin/test-drives/settings': [
    {
      request: () => ({ method: 'PUT', url: '/api/admin/test-drives/settings', payload: { openDays: [1, 2, 3, 4, 5, 6], openHour: 9, closeHour: 18, demonstrators: 2 } }),
      expect: ADMIN_ONLY,
    },
  ],
  'GET /api/vehicles/:id/hold': [{ request: (r) => ({ method: 'GET', url: `/api/vehicles/${r.vehicleId}/hold` }), expect: EVERYONE }],
  'GET /api/reservations': [{ request: () => ({ method: 'GET', url: '/api/reservations' }), expect: ANY_USER }],
  'POST /api/reservations': [
    // The owner holds the listing already (and a customer holds one car at a time): 409 for everyone signed in.
    { label: 'car already held', fresh: true, request: (r) => ({ method: 'POST', url: '/api/reservations', payload: { vehicleId: r.vehicleId } }), expect: [401, 409, 409, 409] },
  ],
  'DELETE /api/reservations/:id': [
    { fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/reservations/${r.reservationId}` }), expect: [401, 200, 404, 404] },
  ],
  'GET /api/admin/reservations': [{ request: () => ({ method: 'GET', url: '/api/admin/reservations' }), expect: ADMIN_ONLY, staff: SALES(200) }],
  'POST /api/admin/reservations/:id/extend': [
    { fresh: true, request: (r) => ({ method: 'POST', url: `/api/admin/reservations/${r.reservationId}/extend`, payload: { hours: 2 } }), expect: ADMIN_ONLY, staff: SALES(200) },
  ],
  'POST /api/admin/reservations/:id/end': [
    { fresh: true, request: (r) => ({ method: 'POST', url: `/api/admin/reservations/${r.reservationId}/end` }), expect: ADMIN_ONLY, staff: SALES(200) },
  ],
  'PATCH /api/maintenance/:id': [
    { fresh: true, request: (r) => ({ method: 'PATCH', url: `/api/maintenance/${r.appointmentId}`, payload: { technician: 'Alex' } }), ...WORKSHOP_STAFF },
  ],

  // The workshop floor: the board for advisors and technicians, check-in and no-show for advisors, My Jobs
  // for technicians (workshop.test.ts covers the technician's own jobs). The matrix's appointment is Pending,
  // so it is not on the board: an admitted caller reaches the service's refusal.
  'GET /api/workshop/board': [{ request: () => ({ method: 'GET', url: '/api/workshop/board?view=week' }), expect: ADMIN_ONLY, staff: [200, 200, 403] }],
  'GET /api/workshop/my-jobs': [{ request: () => ({ method: 'GET', url: '/api/workshop/my-jobs' }), expect: ADMIN_ONLY, staff: [403, 200, 403] }],
  'GET /api/workshop/jobs/:id': [
    { request: (r) => ({ method: 'GET', url: `/api/workshop/jobs/${r.appointmentId}` }), expect: [401, 403, 403, 404], staff: [404, 404, 403] },
  ],
  'POST /api/workshop/jobs/:id/check-in': [
    {
      label: 'a pending appointment',
      request: (r) => ({ method: 'POST', url: `/api/workshop/jobs/${r.appointmentId}/check-in`, payload: { odometer: 100, fuelLevel: 'Full' } }),
      expect: [401, 403, 403, 409],
      staff: ADVISOR(409),
    },
  ],
  'POST /api/workshop/jobs/:id/no-show': [
    {
      label: 'a pending appointment',
      request: (r) => ({ method: 'POST', url: `/api/workshop/jobs/${r.appointmentId}/no-show` }),
      expect: [401, 403, 403, 409],
      staff: ADVISOR(409),
    },
  ],
  'POST /api/workshop/jobs/:id/move': [
    {
      label: 'a pending appointment',
      request: (r) => ({ method: 'POST', url: `/api/workshop/jobs/${r.appointmentId}/move`, payload: { from: 'Scheduled', to: 'Checked in' } }),
      expect: [401, 403, 403, 409],
      staff: [409, 409, 403],
    },
  ],

  // A job's inspection: the floor (advisors on any job, a technician on their own). The matrix's technician is
  // not assigned to the checked-in job, so 404 to read and 403 to change, as the job and its card answer; the
  // Pending appointment is not checked in (404 off the floor). inspections.test.ts covers the rest.
  'GET /api/workshop/jobs/:id/inspection': [
    { label: 'checked in', request: () => ({ method: 'GET', url: inspectionUrl() }), expect: [401, 403, 403, 200], staff: [200, 404, 403] },
    { label: 'pending', request: (r) => ({ method: 'GET', url: `/api/workshop/jobs/${r.appointmentId}/inspection` }), expect: [401, 403, 403, 404], staff: [404, 404, 403] },
  ],
  'PATCH /api/workshop/jobs/:id/inspection/items/:itemId': [
    { request: () => ({ method: 'PATCH', url: inspectionUrl(`/items/${inspection.itemId}`), payload: { condition: 'Good' } }), expect: [401, 403, 403, 200], staff: [200, 403, 403] },
    { label: 'bad condition', request: () => ({ method: 'PATCH', url: inspectionUrl(`/items/${inspection.itemId}`), payload: { condition: 'Fine' } }), expect: [401, 403, 403, 422], staff: [422, 422, 403] },
  ],
  'POST /api/workshop/jobs/:id/inspection/items': [
    { request: () => ({ method: 'POST', url: inspectionUrl('/items'), payload: { label: 'Exhaust' } }), expect: [401, 403, 403, 200], staff: [200, 403, 403] },
  ],
  'DELETE /api/workshop/jobs/:id/inspection/items/:itemId': [
    { label: 'a checklist item', request: () => ({ method: 'DELETE', url: inspectionUrl(`/items/${inspection.itemId}`) }), expect: [401, 403, 403, 409], staff: [409, 403, 403] },
    { label: 'pending', request: (r) => ({ method: 'DELETE', url: `/api/workshop/jobs/${r.appointmentId}/inspection/items/${MISSING_ID}` }), expect: [401, 403, 403, 404], staff: [404, 404, 403] },
  ],
  'POST /api/workshop/jobs/:id/inspection/items/:itemId/photos': [
    { label: 'no photo', request: () => ({ method: 'POST', url: inspectionUrl(`/items/${inspection.itemId}/photos`), payload: {} }), expect: [401, 403, 403, 422], staff: [422, 403, 403] },
  ],
  'DELETE /api/workshop/jobs/:id/inspection/items/:itemId/photos/:key': [
    { label: 'unknown photo', request: () => ({ method: 'DELETE', url: inspectionUrl(`/items/${inspection.itemId}/photos/abc`) }), expect: [401, 403, 403, 404], staff: [404, 403, 403] },
  ],

  // Server-rendered pages: without a web build (as in tests) the vehicle pages answer 404.
  'GET /vehicles/:id': [{ request: (r) => ({ method: 'GET', url: `/vehicles/${r.vehicleId}` }), expect: [404, 404, 404, 404] }],
  'GET /vehicle/:id': [{ request: (r) => ({ method: 'GET', url: `/vehicle/${r.vehicleId}` }), expect: [404, 404, 404, 404] }],
  'POST /api/vehicles/:id/leads': [
    {
      request: (r, n) => ({
        method: 'POST',
        url: `/api/vehicles/${r.vehicleId}/leads`,
        payload: { source: 'question', name: 'Matrix Visitor', email: `matrix${n}@example.com`, message: 'Still for sale?' },
      }),
      expect: [201, 201, 201, 201],
    },
    { label: 'pending listing', request: (r) => ({ method: 'POST', url: `/api/vehicles/${r.pendingVehicleId}/leads`, payload: { source: 'question', name: 'Matrix Visitor', email: 'matrix@example.com', message: 'Hi' } }), expect: [404, 404, 404, 404] },
  ],
  'POST /api/vehicles/:id/contact-clicks': [
    { request: (r) => ({ method: 'POST', url: `/api/vehicles/${r.vehicleId}/contact-clicks`, payload: { channel: 'phone' } }), expect: [204, 204, 204, 204] },
  ],
  'GET /api/admin/leads': [{ request: () => ({ method: 'GET', url: '/api/admin/leads' }), ...SALES_STAFF }],
  'GET /api/admin/leads/owners': [{ request: () => ({ method: 'GET', url: '/api/admin/leads/owners' }), ...SALES_STAFF }],
  'GET /api/admin/leads/:id': [{ request: (r) => ({ method: 'GET', url: `/api/admin/leads/${r.leadId}` }), ...SALES_STAFF }],
  'PATCH /api/admin/leads/:id': [
    { fresh: true, request: (r) => ({ method: 'PATCH', url: `/api/admin/leads/${r.leadId}`, payload: { status: 'Contacted' } }), ...SALES_STAFF },
  ],
  'POST /api/admin/leads/:id/notes': [
    { request: (r) => ({ method: 'POST', url: `/api/admin/leads/${r.leadId}/notes`, payload: { text: 'Matrix note' } }), ...SALES_STAFF_CREATED },
  ],
  'POST /api/admin/leads/:id/replies': [
    { request: (r) => ({ method: 'POST', url: `/api/admin/leads/${r.leadId}/replies`, payload: { message: 'Matrix reply' } }), ...SALES_STAFF_CREATED },
  ],
  'POST /api/admin/leads/:id/sale': [{ fresh: true, request: (r) => ({ method: 'POST', url: `/api/admin/leads/${r.leadId}/sale` }), ...SALES_STAFF }],
  // The owner's reports: ADMIN and SALES.
  'GET /api/admin/reports/sales': [{ request: () => ({ method: 'GET', url: '/api/admin/reports/sales' }), ...SALES_STAFF }],
  'GET /api/admin/reports/sales.csv': [{ request: () => ({ method: 'GET', url: '/api/admin/reports/sales.csv' }), ...SALES_STAFF }],
  // The workshop's figures (revenue, utilisation): ADMIN only.
  'GET /api/admin/reports/workshop': [{ request: () => ({ method: 'GET', url: '/api/admin/reports/workshop' }), expect: ADMIN_ONLY }],
  'GET /api/admin/reports/workshop.csv': [{ request: () => ({ method: 'GET', url: '/api/admin/reports/workshop.csv?period=month' }), expect: ADMIN_ONLY }],
  'GET /api/admin/vehicles/:id/contact-clicks': [
    { request: (r) => ({ method: 'GET', url: `/api/admin/vehicles/${r.vehicleId}/contact-clicks` }), ...SALES_STAFF },
  ],
  'GET /api/trade-ins': [{ request: () => ({ method: 'GET', url: '/api/trade-ins' }), expect: ANY_USER }],
  'POST /api/trade-ins': [
    { request: () => ({ method: 'POST', url: '/api/trade-ins', payload: matrixTradeIn }), expect: [401, 201, 201, 201], staff: [201, 201, 201] },
    { label: 'no VIN or registration', request: () => ({ method: 'POST', url: '/api/trade-ins', payload: { ...matrixTradeIn, registration: '' } }), expect: [401, 422, 422, 422] },
  ],
  'GET /api/trade-ins/:id': [{ request: (r) => ({ method: 'GET', url: `/api/trade-ins/${r.tradeInId}` }), expect: [401, 200, 404, 404] }],
  'POST /api/trade-ins/:id/accept': [{ fresh: true, request: (r) => ({ method: 'POST', url: `/api/trade-ins/${r.tradeInId}/accept` }), expect: [401, 200, 404, 404] }],
  'POST /api/trade-ins/:id/decline': [{ fresh: true, request: (r) => ({ method: 'POST', url: `/api/trade-ins/${r.tradeInId}/decline` }), expect: [401, 200, 404, 404] }],
  'GET /api/account/garage': [{ request: () => ({ method: 'GET', url: '/api/account/garage' }), expect: ANY_USER }],
  'POST /api/account/garage': [
    { request: (_r, n) => ({ method: 'POST', url: '/api/account/garage', payload: matrixGarageVehicle(n) }), expect: [401, 201, 201, 201], staff: [201, 201, 201] },
    {
      label: 'VIN with a wrong check digit',
      request: (_r, n) => ({ method: 'POST', url: '/api/account/garage', payload: { ...matrixGarageVehicle(n), vin: '1M8GDM9A1KP042788' } }),
      expect: [401, 422, 422, 422],
    },
  ],
  'GET /api/account/garage/:id': [{ request: (r) => ({ method: 'GET', url: `/api/account/garage/${r.garageVehicleId}` }), expect: [401, 200, 404, 404] }],
  'PUT /api/account/garage/:id': [
    {
      request: (r) => ({ method: 'PUT', url: `/api/account/garage/${r.garageVehicleId}`, payload: { ...matrixGarageVehicle(0), registration: 'MAT-1' } }),
      expect: [401, 200, 404, 404],
    },
  ],
  'DELETE /api/account/garage/:id': [{ fresh: true, request: (r) => ({ method: 'DELETE', url: `/api/account/garage/${r.garageVehicleId}` }), expect: [401, 200, 404, 404] }],
  'GET /api/account/invoices': [{ request: () => ({ method: 'GET', url: '/api/account/invoices' }), expect: ANY_USER }],
  'GET /api/account/invoices/:id': [{ request: (r) => ({ method: 'GET', url: `/api/account/invoices/${r.invoiceId}` }), expect: [401, 200, 404, 404] }],
  'GET /api/invoices/:id/pdf': [{ request: (r) => ({ method: 'GET', url: `/api/invoices/${r.invoiceId}/pdf` }), expect: [401, 200, 404, 200], staff: [200, 404, 404] }],
  'GET /api/admin/invoices': [{ request: () => ({ method: 'GET', url: '/api/admin/invoices?status=Unpaid' }), ...WORKSHOP_STAFF }],
  'GET /api/admin/invoices/:id': [{ request: (r) => ({ method: 'GET', url: `/api/admin/invoices/${r.invoiceId}` }), ...WORKSHOP_STAFF }],
  'POST /api/admin/invoices/:id/payments': [
    { request: (r) => ({ method: 'POST', url: `/api/admin/invoices/${r.invoiceId}/payments`, payload: { method: 'Cash', amountCents: 1, paidOn: '2026-01-02' } }), ...WORKSHOP_STAFF },
    {
      label: 'above the balance',
      request: (r) => ({ method: 'POST', url: `/api/admin/invoices/${r.invoiceId}/payments`, payload: { method: 'Cash', amountCents: 99_999_999, paidOn: '2026-01-02' } }),
      expect: [401, 403, 403, 422],
      staff: ADVISOR(422),
    },
  ],
  'POST /api/admin/invoices/:id/credit-notes': [
    { request: (r) => ({ method: 'POST', url: `/api/admin/invoices/${r.invoiceId}/credit-notes`, payload: { amountCents: 1, reason: 'Matrix correction' } }), ...WORKSHOP_STAFF },
    { label: 'no reason', request: (r) => ({ method: 'POST', url: `/api/admin/invoices/${r.invoiceId}/credit-notes`, payload: { amountCents: 1 } }), expect: [401, 403, 403, 422], staff: ADVISOR(422) },
  ],
  'GET /api/admin/trade-ins': [{ request: () => ({ method: 'GET', url: '/api/admin/trade-ins' }), ...SALES_STAFF }],
  'GET /api/admin/trade-ins/:id': [{ request: (r) => ({ method: 'GET', url: `/api/admin/trade-ins/${r.tradeInId}` }), ...SALES_STAFF }],
  'POST /api/admin/trade-ins/:id/offer': [
    { request: (r) => ({ method: 'POST', url: `/api/admin/trade-ins/${r.tradeInId}/offer`, payload: matrixOffer() }), ...SALES_STAFF },
  ],
  'GET /api/admin/workshop/service-intervals': [{ request: () => ({ method: 'GET', url: '/api/admin/workshop/service-intervals' }), expect: ADMIN_ONLY }],
  'PUT /api/admin/workshop/service-intervals': [
    { request: () => ({ method: 'PUT', url: '/api/admin/workshop/service-intervals', payload: { intervals: [{ specificService: 'Oil Change', months: 6, miles: 5000 }] } }), expect: ADMIN_ONLY },
    { label: 'an unknown service', request: () => ({ method: 'PUT', url: '/api/admin/workshop/service-intervals', payload: { intervals: [{ specificService: 'Teleport', months: 6, miles: null }] } }), expect: [401, 403, 403, 422] },
  ],
  'GET /api/account/reminders': [{ request: () => ({ method: 'GET', url: '/api/account/reminders' }), expect: ANY_USER }],
  'PUT /api/account/reminders': [
    { request: () => ({ method: 'PUT', url: '/api/account/reminders', payload: { remindersEnabled: true } }), expect: ANY_USER },
    { label: 'not true or false', request: () => ({ method: 'PUT', url: '/api/account/reminders', payload: { remindersEnabled: 'off' } }), expect: [401, 422, 422, 422] },
  ],
  'POST /api/reminders/unsubscribe': [
    { label: 'a forged token', request: () => ({ method: 'POST', url: '/api/reminders/unsubscribe?token=forged' }), expect: [422, 422, 422, 422] },
    {
      label: "the owner's e-mailed link (no log-in needed)",
      request: () => ({ method: 'POST', url: `/api/reminders/unsubscribe?token=${encodeURIComponent(reminderUnsubscribeToken(createTokenSigner(ctx.config.JWT_SECRET!), ids.owner))}` }),
      expect: EVERYONE,
    },
  ],
  'GET /sitemap.xml': [{ request: () => ({ method: 'GET', url: '/sitemap.xml' }), expect: EVERYONE }],
  'GET /robots.txt': [{ request: () => ({ method: 'GET', url: '/robots.txt' }), expect: EVERYONE }],

  // Estimates (decision 019: advisors write, technicians read their own jobs'; the owner decides, or anyone with the link).
  'GET /api/workshop/jobs/:id/estimate': [
    { request: (r) => ({ method: 'GET', url: `/api/workshop/jobs/${r.jobId}/estimate` }), expect: ADMIN_ONLY, staff: [200, 404, 403] },
  ],
  'PUT /api/workshop/jobs/:id/estimate': [
    { fresh: true, request: (r) => ({ method: 'PUT', url: `/api/workshop/jobs/${r.jobId}/estimate`, payload: matrixEstimate }), ...WORKSHOP_STAFF },
    { label: 'no lines', request: (r) => ({ method: 'PUT', url: `/api/workshop/jobs/${r.jobId}/estimate`, payload: { lines: [] } }), expect: [401, 403, 403, 422], staff: ADVISOR(422) },
  ],
  'POST /api/workshop/jobs/:id/estimate/send': [
    { fresh: true, request: (r) => ({ method: 'POST', url: `/api/workshop/jobs/${r.jobId}/estimate/send` }), ...WORKSHOP_STAFF },
  ],
  'GET /api/account/estimates': [{ request: () => ({ method: 'GET', url: '/api/account/estimates' }), expect: ANY_USER }],
  'GET /api/account/estimates/:id': [{ request: (r) => ({ method: 'GET', url: `/api/account/estimates/${r.estimateId}` }), expect: [401, 200, 404, 404] }],
  'POST /api/account/estimates/:id/decision': [
    { fresh: true, request: (r) => ({ method: 'POST', url: `/api/account/estimates/${r.estimateId}/decision`, payload: matrixDecision(r) }), expect: [401, 200, 404, 404] },
    { label: 'no name', request: (r) => ({ method: 'POST', url: `/api/account/estimates/${r.estimateId}/decision`, payload: { ...matrixDecision(r), fullName: '' } }), expect: [401, 422, 422, 422] },
  ],
  'POST /api/estimates/:id/link': [{ request: (r) => ({ method: 'POST', url: `/api/estimates/${r.estimateId}/link`, payload: { token: r.estimateToken } }), expect: EVERYONE }],
  'POST /api/estimates/:id/link/decision': [
    {
      fresh: true,
      request: (r) => ({ method: 'POST', url: `/api/estimates/${r.estimateId}/link/decision`, payload: { token: r.estimateToken, decisions: matrixDecision(r).decisions, fullName: 'Matrix Owner' } }),
      expect: EVERYONE,
    },
    { label: 'forged token', request: (r) => ({ method: 'POST', url: `/api/estimates/${r.estimateId}/link/decision`, payload: { token: 'forged', decisions: matrixDecision(r).decisions, fullName: 'Matrix Owner' } }), expect: [403, 403, 403, 403] },
  ],
};

const ids = { owner: '', bystander: '' };
/** A checked-in job (no technician assigned) and its first checklist item, made once. */
const inspection = { jobId: '', itemId: '' };
const inspectionUrl = (rest = '') => `/api/workshop/jobs/${inspection.jobId}/inspection${rest}`;
let ctx: TestContext;
let users: Record<Exclude<Caller, 'anonymous'>, TestUser>;

let leadCount = 0;
async function makeResources(): Promise<Resources> {
  const created = async () => (await createVehicleViaApi(ctx, users.owner, fullVehicleFields()))._id;
  const vehicleId = await created();
  await ctx.database.db.update(vehicles).set({ status: 'available' }).where(eq(vehicles.id, vehicleId));
  const pendingVehicleId = await created();
  const booking = await bookOk(ctx, users.owner, nextBooking());
  leadCount += 1;
  const enquiry = await ctx.app.inject({
    method: 'POST',
    url: `/api/vehicles/${vehicleId}/leads`,
    payload: { source: 'question', name: 'Matrix Lead', email: `lead${leadCount}@example.com`, message: 'Matrix question' },
    remoteAddress: `192.0.2.${(leadCount % 250) + 1}`,
  });
  expect(enquiry.statusCode).toBe(201);
  const [lead] = await ctx.database.db.select({ id: leads.id }).from(leads).where(eq(leads.vehicleId, vehicleId));
  // One saved search serves every route (an account keeps at most 50).
  const kept = await ctx.app.inject({ method: 'GET', url: '/api/account/saved-searches', headers: users.owner.auth });
  const savedSearchId: string =
    kept.json().data[0]?._id ??
    (await ctx.app.inject({ method: 'POST', url: '/api/account/saved-searches', headers: users.owner.auth, payload: { name: 'Matrix search', frequency: 'Weekly' } })).json().data._id;
  const drive = await ctx.app.inject({ method: 'POST', url: '/api/test-drives', headers: users.owner.auth, payload: { vehicleId, ...nextDrive() } });
  await ctx.database.db
    .update(vehicleHolds)
    .set({ status: 'Ended', endedAt: new Date() })
    .where(and(eq(vehicleHolds.userId, users.owner.id), eq(vehicleHolds.status, 'Active')));
  const hold = await ctx.app.inject({ method: 'POST', url: '/api/reservations', headers: users.owner.auth, payload: { vehicleId } });
  // Straight into the table: the owner's 5 a day would not cover a fresh trade-in per caller.
  const [tradeIn] = await ctx.database.db
    .insert(tradeIns)
    .values({ ...matrixTradeIn, userId: users.owner.id, warningLights: false, status: 'Offer made', offerCents: 500_000, offerExpiresAt: new Date(Date.now() + 86_400_000), offeredAt: new Date() })
    .returning({ id: tradeIns.id });
  // The booking put its car in the owner's garage.
  const [garageVehicle] = await ctx.database.db
    .select({ id: garageVehicles.id })
    .from(garageVehicles)
    .where(and(eq(garageVehicles.userId, users.owner.id), eq(garageVehicles.registrationKey, 'MAT1')));
  // An issued invoice of the owner's booking, straight into the table (completing needs a job on the floor).
  const sequence = 900_000 + leadCount;
  const [invoice] = await ctx.database.db
    .insert(invoices)
    .values({
      number: `2026-${sequence}`,
      year: 2026,
      sequence,
      appointmentId: booking._id,
      userId: users.owner.id,
      customerName: 'Matrix Caller',
      customerEmail: 'caller@example.com',
      vehicleRegistration: 'MATRIX1',
      maintenanceType: 'routine',
      taxRateBasisPoints: 0,
      subtotalCents: 1_000_000,
      taxCents: 0,
      totalCents: 1_000_000,
      issuedAt: new Date(),
    })
    .returning({ id: invoices.id });
  // Straight into the tables: a job on the floor waiting for the owner's word on a sent estimate.
  const [job] = await ctx.database.db
    .insert(maintenanceAppointments)
    .values({
      userId: users.owner.id,
      maintenanceType: 'General Maintenance',
      specificService: 'Oil Change',
      appointmentDate: DATES[0]!,
      appointmentTime: '09:00 AM',
      vehicleMake: 'Ford',
      vehicleModel: 'Focus',
      vehicleYear: '2018',
      vehicleRegistration: 'MAT-EST',
      customerName: 'Matrix Owner',
      customerEmail: 'owner@example.com',
      customerPhone: '5550001111',
      status: 'Scheduled',
      stage: 'Waiting for approval',
    })
    .returning({ id: maintenanceAppointments.id });
  const [estimate] = await ctx.database.db
    .insert(estimates)
    .values({ appointmentId: job!.id, status: 'Sent', version: 1, taxRateBasisPoints: 0, sentAt: new Date() })
    .returning({ id: estimates.id });
  const lines = await ctx.database.db
    .insert(estimateLines)
    .values([
      { estimateId: estimate!.id, position: 0, kind: 'Labour', description: 'Oil change', quantityHundredths: 100, unitPriceCents: 9000, amountCents: 9000 },
      { estimateId: estimate!.id, position: 1, kind: 'Part', description: 'Filter', quantityHundredths: 100, unitPriceCents: 1500, amountCents: 1500 },
    ])
    .returning({ id: estimateLines.id });
  const estimateToken = estimateLinkToken(ctx.app.deps.tokens, { estimateId: estimate!.id, version: 1, expiresAt: new Date(Date.now() + 86_400_000) });
  return {
    invoiceId: invoice!.id,
    jobId: job!.id,
    estimateId: estimate!.id,
    estimateLineIds: lines.map((l) => l.id),
    estimateToken,
    vehicleId,
    pendingVehicleId,
    garageVehicleId: garageVehicle!.id,
    appointmentId: booking._id,
    savedSearchId,
    leadId: lead!.id,
    testDriveId: drive.json().data._id,
    reservationId: hold.json().data._id,
    tradeInId: tradeIn!.id,
  };
}

describe('authorization matrix', () => {
  let shared: Resources;
  beforeAll(async () => {
    ctx = await createTestApp();
    users = {
      owner: await createUser(ctx),
      other: await createUser(ctx),
      admin: await createAdmin(ctx),
      advisor: await createUser(ctx, { role: 'SERVICE_ADVISOR' }),
      technician: await createUser(ctx, { role: 'TECHNICIAN' }),
      sales: await createUser(ctx, { role: 'SALES' }),
    };
    ids.owner = users.owner.id;
    ids.bystander = (await createUser(ctx)).id;
    shared = await makeResources();
    const job = await bookOk(ctx, users.owner, nextBooking());
    const staff = users.admin.auth;
    await ctx.app.inject({ method: 'PATCH', url: `/api/maintenance/${job._id}`, headers: staff, payload: { status: 'Scheduled' } });
    const checkIn = await ctx.app.inject({ method: 'POST', url: `/api/workshop/jobs/${job._id}/check-in`, headers: staff, payload: { odometer: 10, fuelLevel: 'Full' } });
    expect(checkIn.statusCode).toBe(200);
    inspection.jobId = job._id;
    inspection.itemId = (await ctx.app.inject({ method: 'GET', url: inspectionUrl(), headers: staff })).json().data.items[0]._id;
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('has an entry for every route of the app, and no entry for a route that is gone', () => {
    const routes = collectRoutes(ctx.app).filter((r) => !isExcludedRoute(r));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(missing, 'routes without an authorization matrix entry').toEqual([]);
    expect(stale, 'matrix entries for routes the app does not have').toEqual([]);
  });

  // One test per route, so a slow machine meets each route's own timeout rather than one for the whole matrix.
  describe('answers every route with the expected status for anonymous, owner, other user, admin and each staff role', () => {
    let n = 0;
    let calls = 0;
    for (const [route, cases] of Object.entries(MATRIX)) {
      it(route, async () => {
        const mismatches: string[] = [];
        for (const testCase of cases) {
          // A route that uses its record up (a delete, a sale) gets fresh ones, again after each call that
          // succeeded; a refused call leaves them as they were for the next caller.
          let resources = testCase.fresh ? await makeResources() : shared;
          for (const [i, caller] of CALLERS.entries()) {
            n += 1;
            const { headers, ...request } = testCase.request(resources, n);
            const auth = caller === 'anonymous' ? {} : users[caller].auth;
            const res = await ctx.app.inject({ ...request, headers: { ...headers, ...auth } } as InjectOptions);
            calls += 1;
            const expected = i < 4 ? testCase.expect[i]! : (testCase.staff?.[i - 4] ?? testCase.expect[2]);
            if (res.statusCode !== expected) {
              mismatches.push(`${route}${testCase.label ? ` [${testCase.label}]` : ''} as ${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
            }
            if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
              expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: res.statusCode });
            }
            if (testCase.fresh && res.statusCode < 400 && i < CALLERS.length - 1) resources = await makeResources();
          }
        }
        expect(mismatches).toEqual([]);
      }, 120_000);
    }

    it('made every call', () => {
      expect(calls).toBeGreaterThan(280);
    });
  });
});
