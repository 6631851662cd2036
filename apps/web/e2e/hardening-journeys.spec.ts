import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, loginAs, registerUser, screenshot, test } from './fixtures';

// Listings after review, booking limits, sellers' personal data, clearing listing fields and the
// admin's maintenance details and notes, each at a phone and a desktop width.

type Slot = { date: string; time: string };
const WIDTHS = [375, 1280] as const;
const HEIGHT = { 375: 812, 1280: 800 } as const;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const shot = (page: Page, name: string) => screenshot(page, `hardening-${name}`);

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;
const fullDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const monthTitle = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

async function token(request: APIRequestContext, credentials: { emailOrUsername: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).tokens.accessToken as string;
}
const adminToken = (request: APIRequestContext) => token(request, DEMO.admin);

async function settings(request: APIRequestContext) {
  return (await (await request.get('/api/maintenance/settings')).json()).data as {
    today: string;
    lastBookableDate: string;
    maxOpenBookings: number;
  };
}

/** Free slots from `daysAhead` on, one per day (a few days apart so tests do not compete). */
async function freeSlots(request: APIRequestContext, count: number, daysAhead: number): Promise<Slot[]> {
  const { today } = await settings(request);
  const slots: Slot[] = [];
  for (let offset = daysAhead; slots.length < count && offset < daysAhead + 40; offset += 1) {
    const date = addDays(today, offset);
    if (isSunday(date)) continue;
    const day = (await (await request.get(`/api/maintenance/availability?date=${date}`)).json()).data;
    const free = (day.availability as { time: string; available: boolean }[]).find((s) => s.available);
    if (free) slots.push({ date, time: free.time });
  }
  return slots;
}

function book(request: APIRequestContext, bearer: string, slot: Slot) {
  return request.post('/api/maintenance', {
    headers: auth(bearer),
    data: {
      maintenanceType: 'routine',
      specificService: 'Oil Change',
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      vehicle: { make: 'Honda', model: 'Civic', year: '2019', registration: 'HJ-2019' },
      customer: { name: 'Hardening Customer', email: 'hardening@example.com', phone: '+1 555 010 3000' },
    },
  });
}

async function createListing(request: APIRequestContext, bearer: string, fields: Record<string, string>) {
  const form = new FormData();
  const base = { make: 'Mazda', model: 'CX-5', year: '2019', price: '21500', title: `Mazda CX-5 ${Date.now()}` };
  for (const [key, value] of Object.entries({ ...base, ...fields })) form.append(key, value);
  const res = await request.post('/api/vehicles', { headers: auth(bearer), multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; title: string };
}

async function adminPatchListing(request: APIRequestContext, id: string, fields: Record<string, string>) {
  const headers = auth(await adminToken(request));
  // An approval names the revision the dealership reviewed, as the admin screen does.
  const seen = await request.get(`/api/vehicles/${id}`, { headers });
  const form = new FormData();
  form.append('revision', String((await seen.json()).data.revision));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const res = await request.patch(`/api/vehicles/${id}`, { headers, multipart: form });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAs(page: Page, user: { email: string; password: string }) {
  await page.context().clearCookies();
  await loginAs(page, { emailOrUsername: user.email, password: user.password });
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: HEIGHT[width] });
    });

    test('a seller edit of an approved listing goes back to review; a sold listing is read-only', async ({ page, request }) => {
      const seller = await registerUser(request);
      const buyer = await registerUser(request);
      const listing = await createListing(request, seller.token, { description: 'One owner, full service history.' });
      await adminPatchListing(request, listing._id, { status: 'available' });
      const sold = await createListing(request, seller.token, { title: `Sold Mazda ${Date.now()}` });
      await adminPatchListing(request, sold._id, { status: 'sold', buyerId: buyer.id });

      await signInAs(page, seller);
      await page.goto(`/account/vehicles/${listing._id}/edit`);
      await page.getByLabel('Price ($)').fill('1');
      await page.getByRole('tab', { name: /Contact Info/ }).click();
      await page.getByRole('button', { name: /Update/ }).click();
      await expect(toast(page, 'Vehicle updated successfully!')).toBeVisible();
      await expect(
        toast(page, 'Your changes are awaiting review: the listing is hidden from buyers until our team approves them.'),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/account\/vehicles$/);
      const row = page.getByRole('listitem', { name: listing.title });
      await expect(row.getByText('Awaiting review: buyers see it once our team approves it.')).toBeVisible();
      expect((await request.get(`/api/vehicles/${listing._id}`)).status()).toBe(404);

      const soldRow = page.getByRole('listitem', { name: sold.title });
      await expect(soldRow.getByText('Sold: this listing can no longer be changed.')).toBeVisible();
      await expect(soldRow.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
      await expect(soldRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      await shot(page, `my-vehicles-review-sold-${width}`);
      await page.goto(`/account/vehicles/${sold._id}/edit`);
      await expect(page.getByText('This vehicle has been sold')).toBeVisible();
      await expect(page.getByLabel('Make')).toHaveCount(0);
      // The server says the same to a seller who tries anyway, and the buyer keeps the purchase.
      const res = await request.delete(`/api/vehicles/${sold._id}`, { headers: auth(seller.token) });
      expect(res.status()).toBe(409);
      const buyerToken = await token(request, { emailOrUsername: buyer.email, password: buyer.password });
      const purchases = await request.get('/api/vehicles/purchases', { headers: auth(buyerToken) });
      expect(JSON.stringify(await purchases.json())).toContain(sold._id);
    });

    test('an emptied optional field is cleared on edit', async ({ page, request }) => {
      const seller = await registerUser(request);
      const listing = await createListing(request, seller.token, {
        description: 'Will be removed by the seller.',
        location: 'Austin, TX',
        mileage: '48000',
      });
      await signInAs(page, seller);
      await page.goto(`/account/vehicles/${listing._id}/edit`);
      await page.getByRole('tab', { name: /Vehicle Details/ }).click();
      await page.getByLabel(/Description/).fill('');
      await page.getByLabel(/Mileage/).fill('');
      await page.getByRole('tab', { name: /Contact Info/ }).click();
      await page.getByLabel('Location').fill('');
      await page.getByRole('button', { name: /Update/ }).click();
      await expect(toast(page, 'Vehicle updated successfully!')).toBeVisible();
      await page.goto(`/vehicles/${listing._id}`);
      await expect(page.getByText('No description provided.')).toBeVisible();
      await expect(page.getByText('Location not specified').first()).toBeVisible();
      const saved = (await (await request.get(`/api/vehicles/${listing._id}`, { headers: auth(seller.token) })).json()).data;
      expect(saved).toMatchObject({ description: null, mileage: null, location: null, title: listing.title });
      await shot(page, `cleared-fields-${width}`);
    });

    test("a public listing shows its own contact details, never the seller's account", async ({ page, request }) => {
      const seller = await registerUser(request);
      const listing = await createListing(request, seller.token, {
        contactEmail: 'sales@listing.example.com',
        contactPhone: '+1 512 555 0107',
      });
      await adminPatchListing(request, listing._id, { status: 'available' });
      await page.context().clearCookies();
      await page.goto(`/vehicles/${listing._id}`);
      const sellerCard = page.getByRole('region', { name: 'Seller Information' });
      await expect(sellerCard.getByText('sales@listing.example.com')).toBeVisible();
      await expect(sellerCard.getByText('+1 512 555 0107')).toBeVisible();
      await expect(page.getByText(seller.email)).toHaveCount(0);
      const body = await (await request.get(`/api/vehicles/${listing._id}`)).text();
      expect(body).not.toContain(seller.email);
      expect(body).not.toContain(seller.id);
      await shot(page, `seller-contact-${width}`);
    });

    test('the calendar stops at the booking horizon and the open-bookings cap is explained', async ({ page, request }) => {
      const { lastBookableDate, maxOpenBookings } = await settings(request);
      const customer = await registerUser(request);
      for (const slot of await freeSlots(request, maxOpenBookings, width === 375 ? 20 : 30)) {
        const res = await book(request, customer.token, slot);
        expect(res.status(), await res.text()).toBe(201);
      }
      await signInAs(page, customer);
      await page.goto('/account/maintenance/create?service=routine');
      // Said at once, before the customer fills the form.
      const notice = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'View your appointments' }) });
      await expect(notice).toContainText(`You already have ${maxOpenBookings} upcoming appointments`);
      await page.getByText('Tire Rotation').click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      const nextMonth = page.getByRole('button', { name: 'Next month' });
      for (let i = 0; i < 6 && (await nextMonth.isEnabled()); i += 1) await nextMonth.click();
      await expect(nextMonth).toBeDisabled();
      await expect(page.getByRole('heading', { name: monthTitle(lastBookableDate) })).toBeVisible();
      const after = addDays(lastBookableDate, 1);
      if (after.slice(0, 7) === lastBookableDate.slice(0, 7)) {
        await expect(page.getByRole('button', { name: new RegExp(`^${fullDate(after)}`) })).toBeDisabled();
      }
      await shot(page, `calendar-horizon-${width}`);

      // Any free day: the customer already holds the most one account may.
      await page.getByRole('button', { name: 'Previous month' }).click();
      const day = page.getByRole('group').getByRole('button', { disabled: false }).first();
      await day.click();
      await page
        .getByRole('button', { name: /^\d\d:\d\d [AP]M$/, disabled: false })
        .first()
        .click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByLabel('Vehicle Make').fill('Toyota');
      await page.getByLabel('Vehicle Model').fill('Corolla');
      await page.getByLabel('Vehicle Year').selectOption('2018');
      await page.getByLabel('Registration Number').fill('CAP-3333');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByLabel('Phone').fill('+1 555 010 4000');
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      const alert = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'View your appointments' }) });
      await expect(alert).toContainText(
        `You already have ${maxOpenBookings} upcoming appointments, the most one account can hold.`,
      );
      await expect(alert.getByRole('link', { name: 'View your appointments' })).toBeVisible();
      await shot(page, `booking-cap-${width}`);
    });

    test('Edit Maintenance Details keeps a Completed status; staff-only notes never reach the customer', async ({
      page,
      request,
    }) => {
      const customer = await registerUser(request);
      const [slot] = await freeSlots(request, 1, width === 375 ? 11 : 13);
      const booked = await book(request, customer.token, slot!);
      expect(booked.status(), await booked.text()).toBe(201);
      const id = (await booked.json()).data._id as string;
      const admin = await adminToken(request);
      const done = await request.patch(`/api/maintenance/${id}`, {
        headers: auth(admin),
        data: { status: 'Completed', technician: 'Mike Ross', cost: 200 },
      });
      expect(done.status()).toBe(200);

      await signInAs(page, { email: DEMO.admin.emailOrUsername, password: DEMO.admin.password });
      await page.goto(`/admin/maintenance/${id}`);
      await page.getByRole('button', { name: 'Edit Maintenance Details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Maintenance Details' });
      await expect(dialog.getByText('Change the technician or the price. The status stays Completed.')).toBeVisible();
      await dialog.getByLabel('Price ($)').fill('180');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Maintenance appointment updated successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();
      const after = (await (await request.get(`/api/maintenance/${id}`, { headers: auth(admin) })).json()).data;
      expect(after).toMatchObject({ status: 'Completed', cost: 180 });

      await expect(
        page.getByText('The customer sees these notes on the appointment in their maintenance history.'),
      ).toBeVisible();
      await page.getByLabel('Notes for the customer').fill('Ready for collection after 4 PM.');
      await page.getByRole('button', { name: 'Save Notes' }).click();
      await expect(toast(page, 'Notes saved successfully')).toBeVisible();
      await page.getByLabel('Staff-only notes').fill('Customer disputed the quote; manager approved 10% off.');
      await page.getByRole('button', { name: 'Save Staff Notes' }).click();
      await expect(toast(page, 'Staff notes saved successfully')).toBeVisible();
      await shot(page, `maintenance-notes-${width}`);

      await signInAs(page, customer);
      await page.goto('/account/maintenance/history');
      await expect(page.getByText('Ready for collection after 4 PM.')).toBeVisible();
      await expect(page.getByText(/disputed the quote/)).toHaveCount(0);
      const asCustomer = await (await request.get(`/api/maintenance/${id}`, { headers: auth(customer.token) })).text();
      expect(asCustomer).not.toContain('disputed');
      await shot(page, `history-notes-${width}`);
    });
  });
}
