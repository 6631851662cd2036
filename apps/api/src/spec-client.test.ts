import { describe, expect, it } from 'vitest';
import { fixedClock, useTestApp, useTestUsers } from './test/harness';
import { pngImage } from './test/images';
import { multipart, type FilePart } from './test/multipart';
import { login, register } from './test/sessions';

/**
 * The web client the spec was written from, pointed at our server unchanged: each request below is sent
 * as that client sends it (spec section 7), and each date is checked as a browser shows it.
 */

// Friday 20 November 2026, 10:00 in New York.
const ctx = useTestApp({
  clock: fixedClock('2026-11-20T15:00:00Z'),
  config: { WORKSHOP_TZ: 'America/New_York', MAX_OPEN_BOOKINGS: 10 },
});
const { admin } = useTestUsers(ctx, { admin: { role: 'ADMIN' } });

const BROWSER_ZONES = ['America/New_York', 'Australia/Sydney'] as const;

/** What `new Date(value).toLocaleDateString()` shows in a browser whose clock is set to `zone`. */
const shownIn = (zone: string, value: string) =>
  new Date(value).toLocaleDateString('en-US', { timeZone: zone, year: 'numeric', month: 'long', day: 'numeric' });

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const picture = (name: string, data: Buffer): FilePart => ({ name, filename: 'me.png', contentType: 'image/png', data });

/** Registers through the spec's form (no confirmPassword) and answers its access token. */
async function signUp(suffix: string, password = 'Password123!') {
  const res = await register(ctx, {
    username: `spec_${suffix}`,
    name: 'Spec Client',
    phone: '+1 555 0100 777',
    email: `spec_${suffix}@example.com`,
    address: '7 Client Lane',
    password,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { accessToken: res.json().tokens.accessToken as string, username: `spec_${suffix}`, password };
}

function expectErrorEnvelope(res: { statusCode: number; json(): unknown }, statusCode: number, message: string) {
  expect(res.statusCode).toBe(statusCode);
  expect(res.json()).toMatchObject({ status: 'ERROR', statusCode, message, error: { message } });
}

describe('POST api/auth/register without confirmPassword', () => {
  it('creates the account from avatar, username, name, phone, email, address and password', async () => {
    const form = multipart(
      {
        username: 'spec_avatar',
        name: 'Ann Avatar',
        phone: '+1 555 0100 778',
        email: 'spec_avatar@example.com',
        address: '8 Client Lane',
        password: 'Password123!',
      },
      [picture('avatar', await pngImage(120, 120))],
    );
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tokens.accessToken).toEqual(expect.any(String));
    expect(res.json().data).toMatchObject({
      username: 'spec_avatar',
      name: 'Ann Avatar',
      role: 'USER',
      avatar: expect.stringMatching(/\.webp$/),
    });
  });

  it("still refuses a confirmPassword that is sent and differs: 'Passwords don't match'", async () => {
    const res = await register(ctx, {
      username: 'spec_mismatch',
      name: 'Mis Match',
      phone: '+1 555 0100 779',
      email: 'spec_mismatch@example.com',
      address: '9 Client Lane',
      password: 'Password123!',
      confirmPassword: 'Password124!',
    });
    expectErrorEnvelope(res, 422, 'Validation failed');
    expect(res.json().errors).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe('POST api/maintenance with the date picker’s date object', () => {
  const booking = (appointmentDate: string, appointmentTime: string) => ({
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate,
    appointmentTime,
    vehicle: { make: 'Toyota', model: 'Camry', year: '2020', registration: 'SPEC-1' },
    customer: { name: 'Spec Client', email: 'spec@example.com', phone: '+1 555 0100 777' },
    additionalNotes: 'Booked from the original client',
  });

  it.each([
    ['New York', '2026-11-30T05:00:00.000Z', '09:00 AM'],
    ['Sydney', '2026-11-29T13:00:00.000Z', '10:00 AM'],
  ])(
    'books the day picked in %s (its local midnight, %s) and every screen shows November 30 in New York and Sydney',
    async (_where, sent, time) => {
      const customer = await signUp(`book${time.slice(0, 2)}`);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/maintenance',
        headers: bearer(customer.accessToken),
        payload: booking(sent, time),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id: string = res.json().data._id;
      expect(res.json().data.appointmentDate).toBe('2026-11-30T12:00:00.000Z');

      const history = await ctx.app.inject({
        method: 'GET',
        url: '/api/maintenance/history',
        headers: bearer(customer.accessToken),
      });
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/maintenance/${id}`,
        headers: bearer(customer.accessToken),
      });
      const adminList = await ctx.app.inject({
        method: 'GET',
        url: '/api/maintenance/admin/all?page=1&limit=10',
        headers: admin.auth,
      });
      const dashboard = await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: admin.auth });
      const shownDates = [
        history.json().data[0].appointmentDate,
        detail.json().data.appointmentDate,
        adminList.json().data.find((a: { _id: string }) => a._id === id).appointmentDate,
        dashboard.json().data.recentAppointments.find((a: { _id: string }) => a._id === id).appointmentDate,
      ];
      for (const zone of BROWSER_ZONES) {
        expect(shownDates.map((value) => shownIn(zone, value))).toEqual(Array(4).fill('November 30, 2026'));
      }
    },
  );

  it("still refuses what is not a date: 'Please select a date'", async () => {
    const customer = await signUp('baddate');
    for (const appointmentDate of ['2026-11-30T05:00:00', 'Mon Nov 30 2026', '2026-02-30T05:00:00.000Z']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/maintenance',
        headers: bearer(customer.accessToken),
        payload: booking(appointmentDate, '11:00 AM'),
      });
      expectErrorEnvelope(res, 422, 'Validation failed');
      expect(res.json().errors).toMatchObject({ appointmentDate: 'Please select a date' });
    }
  });
});

describe('PATCH api/users/profile from the spec’s profile form', () => {
  const patchProfile = (accessToken: string, fields: Record<string, string>, files: FilePart[]) => {
    const form = multipart(fields, files);
    return ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(accessToken) },
    });
  };
  const profile = (accessToken: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(accessToken) });

  it('takes the same picture sent as file and as avatar, and a new password keeps this device signed in', async () => {
    const customer = await signUp('profile');
    const elsewhere = (await login(ctx, customer.username, customer.password)).json().tokens.accessToken as string;
    const image = await pngImage(200, 150);
    // Empty fields and confirmPassword are left out of the payload.
    const res = await patchProfile(
      customer.accessToken,
      {
        name: 'Renamed Client',
        phone: '+1 555 0100 780',
        address: '10 Client Lane',
        password: 'Brand-new-pass1',
        oldPassword: customer.password,
      },
      [picture('file', image), picture('avatar', image)],
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Renamed Client', avatar: expect.stringMatching(/\.webp$/) });

    // The client's next call carries the access token it already holds.
    const next = await profile(customer.accessToken);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.name).toBe('Renamed Client');
    expectErrorEnvelope(await profile(elsewhere), 401, 'Your session has expired. Please log in again.');
    expect((await login(ctx, customer.username, 'Brand-new-pass1')).statusCode).toBe(200);
  });

  it('refuses two different pictures, or more than two, with 422 (not 413: nothing is too large) and changes nothing', async () => {
    const customer = await signUp('twopics');
    const fields = { name: 'Not Changed', oldPassword: customer.password };
    const one = await pngImage(64, 64, '#112233');
    const other = await pngImage(64, 64, '#445566');
    for (const files of [
      [picture('file', one), picture('avatar', other)],
      [picture('file', one), picture('avatar', one), picture('avatar', one)],
    ]) {
      const res = await patchProfile(customer.accessToken, fields, files);
      expectErrorEnvelope(res, 422, 'Only one profile picture can be sent');
      expect(res.json().errors).toEqual({ avatar: 'Only one profile picture can be sent' });
    }
    const unchanged = (await profile(customer.accessToken)).json().data;
    expect(unchanged).toMatchObject({ name: 'Spec Client', avatar: null });
  });
});

describe('error bodies carry error.message, where the client reads it', () => {
  it.each([
    ['a failed login', () => login(ctx, 'nobody-here', 'Wrong-password-1'), 401, 'Invalid email/username or password'],
    ['no token', () => ctx.app.inject({ method: 'GET', url: '/api/users/profile' }), 401, 'Authentication required'],
    [
      'a non-admin on an admin call',
      async () => {
        const customer = await signUp('forbidden');
        return ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(customer.accessToken) });
      },
      403,
      'You do not have permission to do this',
    ],
    [
      'an unknown appointment',
      () => ctx.app.inject({ method: 'GET', url: '/api/maintenance/00000000-0000-4000-8000-000000000000', headers: admin.auth }),
      404,
      'Maintenance appointment not found',
    ],
    [
      'an unknown API route',
      () => ctx.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      404,
      'No API route GET /api/nothing-here',
    ],
  ] as const)('%s', async (_name, send, statusCode, message) => {
    expectErrorEnvelope(await send(), statusCode, message);
  });

  it('keeps errors per field beside it on a 422', async () => {
    const res = await login(ctx, '', 'short');
    expectErrorEnvelope(res, 422, 'Validation failed');
    expect(res.json().errors).toEqual({
      emailOrUsername: 'Email or username is required',
      password: 'Password must be at least 8 characters.',
    });
  });
});

describe('OpenAPI (/api/docs)', () => {
  it('documents both accepted forms and the error envelope', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const booking = (doc.paths['/api/maintenance/'] ?? doc.paths['/api/maintenance']).post;
    const dateForms = booking.requestBody.content['application/json'].schema.properties.appointmentDate.anyOf;
    expect(dateForms).toEqual([
      expect.objectContaining({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      expect.objectContaining({ type: 'string', format: 'date-time', description: expect.stringContaining('local midnight') }),
    ]);
    expect(
      booking.responses['201'].content['application/json'].schema.properties.data.properties.appointmentDate.description,
    ).toMatch(/UTC noon/);
    expect(booking.responses['422'].content['application/json'].schema.properties.error).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
    });
    expect(doc.paths['/api/auth/register'].post.description).toMatch(/`confirmPassword` may be left out/);
    expect(doc.paths['/api/users/profile'].patch.description).toMatch(/as both when both hold the same image/);
  });
});
