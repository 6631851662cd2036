import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, registerUser } from './fixtures';

// Data and helpers the specs share (through the API, so each test makes its own data quickly).

export type Slot = { date: string; time: string };
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;

/** The calendar's accessible name of a day: 'Monday, March 11, 2024'. */
export function fullDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function monthTitle(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The booking calendar once its days' availability is in and it has opened on its month (the first with a day to
 * pick: on a month's last evening, the next one): a day can be picked. Before that, its month and layout may move.
 */
export async function calendarReady(scope: Page | Locator) {
  await expect(scope.locator('[aria-labelledby^="calendar-"] button:enabled').first()).toBeVisible();
}

/**
 * Shows the month holding `date` in the booking calendar (the page's, or a dialog's): steps from the month the
 * calendar shows towards it, either way, until its heading shows. A look taken before the calendar has rendered,
 * or on a month's last day (the calendar may open on the next), must never step past it.
 */
export async function showMonthOf(scope: Page | Locator, date: string) {
  const heading = scope.getByRole('heading', { name: monthTitle(date) });
  await expect(async () => {
    if (await heading.isHidden()) {
      const shown = (await scope.locator('h3[id^="calendar-"]').first().getAttribute('id', { timeout: 1000 }))?.slice('calendar-'.length) ?? '';
      await scope.getByRole('button', { name: shown < date.slice(0, 7) ? 'Next month' : 'Previous month' }).click({ timeout: 1000 });
    }
    await expect(heading).toBeVisible({ timeout: 1000 });
  }).toPass();
}

export function period(time: string): 'Morning' | 'Afternoon' | 'Evening' {
  const hour = (Number(time.slice(0, 2)) % 12) + (time.endsWith('PM') ? 12 : 0);
  return hour < 12 ? 'Morning' : hour < 16 ? 'Afternoon' : 'Evening';
}

/**
 * A free slot on a Monday-Saturday at least `daysAhead` days after the workshop's today, for `service`
 * (its duration and resource; an hour of a service bay when absent).
 */
export async function findFreeSlot(request: APIRequestContext, daysAhead: number, service?: string): Promise<Slot> {
  const settings = await request.get('/api/maintenance/settings');
  expect(settings.status()).toBe(200);
  const today = (await settings.json()).data.today as string;
  for (let offset = daysAhead; offset < daysAhead + 28; offset += 1) {
    const date = addDays(today, offset);
    if (isSunday(date)) continue;
    const res = await request.get(`/api/maintenance/availability?date=${date}${service ? `&service=${encodeURIComponent(service)}` : ''}`);
    expect(res.status()).toBe(200);
    const free = ((await res.json()).data.availability as { time: string; available: boolean }[]).filter((s) => s.available);
    if (free[0]) return { date, time: free[0].time };
  }
  throw new Error('no free slot in four weeks');
}

let walkIns = 0;
/**
 * A walk-in job booked by the admin and made Scheduled, in the first free hour of the first day from `daysAhead`
 * on that has one (for `technicianId` too, when given: hours they already work are cancelled and the next tried),
 * with a registration no other job has. Up to `days` such days are tried (1: only the first). `booking` adds to
 * or replaces the booking's fields (a customer's account, the car, notes).
 */
export async function scheduledWalkIn(
  request: APIRequestContext,
  options: { prefix: string; technicianId?: string; daysAhead?: number; days?: number; booking?: Record<string, unknown> },
): Promise<{ id: string; registration: string; date: string; token: string }> {
  const token = await adminToken(request);
  const tried: string[] = [];
  for (let ahead = options.daysAhead ?? 0; tried.length < (options.days ?? 1); ahead += 1) {
    const { date } = await findFreeSlot(request, ahead);
    if (tried.includes(date)) continue;
    tried.push(date);
    const day = await request.get(`/api/maintenance/availability?date=${date}`);
    const free = ((await day.json()).data.availability as { time: string; available: boolean }[]).filter((s) => s.available);
    for (const { time } of free) {
      walkIns += 1;
      const registration = `${options.prefix}-${Date.now() % 100000}-${walkIns}`;
      const booked = await request.post('/api/maintenance/admin/bookings', {
        headers: auth(token),
        data: {
          // An hour's job: the free hours the calendar offers are free for it.
          maintenanceType: 'routine',
          specificService: 'Oil Change',
          appointmentDate: date,
          appointmentTime: time,
          vehicle: { make: 'Volvo', model: 'V60', year: '2019', registration },
          customer: { name: 'Walk In', email: 'walk.in@example.com', phone: '5550102030' },
          ...options.booking,
        },
      });
      // Another worker took the hour meanwhile.
      if (booked.status() === 409) continue;
      expect(booked.status(), await booked.text()).toBe(201);
      const id = (await booked.json()).data._id as string;
      const scheduled = await request.patch(`/api/maintenance/${id}`, {
        headers: auth(token),
        data: { status: 'Scheduled', ...(options.technicianId ? { technicianId: options.technicianId } : {}) },
      });
      // The technician already works this hour: cancel it and try the next free one.
      if (scheduled.status() === 409) {
        await request.patch(`/api/maintenance/${id}`, { headers: auth(token), data: { status: 'Cancelled' } });
        continue;
      }
      expect(scheduled.status(), await scheduled.text()).toBe(200);
      return { id, registration, date, token };
    }
  }
  throw new Error(`no free hour${options.technicianId ? ' for the technician' : ''} on ${tried.join(', ')}`);
}

export async function apiToken(request: APIRequestContext, credentials: { emailOrUsername: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).tokens.accessToken as string;
}

export const adminToken = (request: APIRequestContext) => apiToken(request, DEMO.admin);

/** A Pending appointment booked through the API by the given user, in a free slot; `booking` replaces fields of the body. */
export async function bookAppointment(
  request: APIRequestContext,
  user: { token: string; name: string; email: string; phone: string },
  booking: Record<string, unknown> = {},
) {
  const specificService = (booking.specificService as string | undefined) ?? 'Battery Service';
  // Tests in other workers book too: a slot taken between the look and the booking is looked for again.
  let res;
  for (let attempt = 1; ; attempt += 1) {
    const slot = await findFreeSlot(request, 3 + Math.floor(Math.random() * 10), specificService);
    res = await request.post('/api/maintenance', {
      headers: auth(user.token),
      data: {
        maintenanceType: 'electrical',
        specificService,
        appointmentDate: slot.date,
        appointmentTime: slot.time,
        vehicle: { make: 'Mazda', model: 'CX-5', year: '2020', registration: 'QA-2020' },
        customer: { name: user.name, email: user.email, phone: user.phone },
        additionalNotes: 'Booked by the quality suite',
        ...booking,
      },
    });
    if (res.status() !== 409 || attempt === 3) break;
  }
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; status: string };
}

/** A word no other record contains, so a search finds only this test's data. */
export function uniqueWord(prefix: string): string {
  const letters = randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'q');
  return `${prefix}${letters}`;
}

/** A listing with exactly these fields, made through the API by the token's account (an admin's is published at once). */
export async function postListing(request: APIRequestContext, token: string, fields: Record<string, string | number>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  const res = await request.post('/api/vehicles', { headers: auth(token), multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; title: string; status: string; price: number };
}

/** A listing without photos made through the API (pending review until an admin approves it). */
export async function createListing(request: APIRequestContext, token: string, title: string) {
  return postListing(request, token, {
    make: 'Subaru',
    model: 'Outback',
    year: 2021,
    price: 27500,
    title,
    mileage: 18000,
    transmission: 'CVT',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Autumn Green',
    description: 'One owner, full service history, roof rails and a tow bar.',
    location: 'Springfield, IL',
    contactPhone: '+1 555 010 4242',
  });
}

/**
 * The newest public listing with photos. Other specs in the same worker add listings without photos (a
 * seller's draft, the "no photos" state), more than a page of them late in a run: look through up to ten
 * pages, so a page about photos never lands on one of those nor finds none (CI, 2026-11-28: none in the
 * newest 48).
 */
export async function publicVehicleId(request: APIRequestContext): Promise<string> {
  for (let page = 1; page <= 10; page += 1) {
    const res = await request.get(`/api/vehicles?limit=48&page=${page}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: { _id: string; images: unknown[] }[] };
    const withPhotos = body.data.find((vehicle) => vehicle.images.length > 0);
    if (withPhotos) return withPhotos._id;
    if (body.data.length < 48) break;
  }
  throw new Error('no public listing with photos in the newest 480');
}

/** A fresh customer with one listing and one appointment. */
export async function customerWithData(request: APIRequestContext) {
  const user = await registerUser(request);
  const listing = await createListing(request, user.token, `Quality ${user.username} Subaru Outback`);
  const appointment = await bookAppointment(request, user);
  return { user, listing, appointment };
}

/**
 * What every axe run checks: WCAG 2.0, 2.1 and 2.2 at levels A and AA, best practices, and axe's
 * experimental rules, which hold checks WCAG requires but axe does not run by default (label in name,
 * 2.5.3, Level A: a control's accessible name contains the text it shows).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice', 'experimental'];

/**
 * axe, set up with the suite's rules, on what the page shows now (narrow it with `.include`). `options()`
 * replaces every option set before it, the tags included: called after `withTags()`, as the specs did
 * until now, axe ran its default rules instead (no experimental ones), so it comes first.
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS);

/** No axe violation (see AXE_TAGS) in what the page shows now. */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  // Colours caught halfway through a transition (a card just checked, a button just focused) fail the
  // contrast rule now and then: wait for finite transitions and animations to end (a spinner never does).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const result = await axeBuilder(page).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Waits until the page has drawn its content: a main heading and no request in flight. */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** A customer's private photo (check-in, inspection, trade-in): a signed, expiring link the browser really loads (issue 26). */
export async function expectSignedPhotoLoaded(photo: Locator) {
  await expect(photo).toHaveAttribute('src', /^\/uploads\/[^?]+\?exp=\d+&sig=[\w-]+$/);
  // The photos load lazily: below the fold (a day with more jobs than the screen holds) one never loads until
  // scrolled to, as a person would.
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
}

export { makePng } from './png';
