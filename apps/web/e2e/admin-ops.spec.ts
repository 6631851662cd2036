import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, loginAs, registerUser, screenshot, test } from './fixtures';
import { adminToken, auth, expectNoAxeViolations, findFreeSlot, fullDate, showMonthOf, period } from './quality-data';

// Staff operations in the admin area: closure days, and booking for a walk-in or phone customer.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;
const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function workshopToday(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/maintenance/settings');
  expect(res.status()).toBe(200);
  return (await res.json()).data.today as string;
}

/** A Monday-Saturday from `daysAhead` on with no Pending or Scheduled booking and no closure (so it can be closed). */
async function emptyDay(request: APIRequestContext, adminToken: string, daysAhead: number, taken: string[] = []): Promise<string> {
  const today = await workshopToday(request);
  for (let offset = daysAhead; offset < daysAhead + 28; offset += 1) {
    const date = addDays(today, offset);
    if (isSunday(date) || taken.includes(date)) continue;
    // A job of working days booked up to a week before still holds the day (a paint job of 5 days).
    const res = await request.get(`/api/maintenance/admin/all?dateFrom=${addDays(date, -7)}&dateTo=${date}`, { headers: auth(adminToken) });
    expect(res.status()).toBe(200);
    const counts = (await res.json()).meta.statusCounts as Record<string, number>;
    const closed = (await (await request.get(`/api/closure-days?month=${date.slice(0, 7)}`)).json()).data as { date: string }[];
    // Booked test drives keep a day open too.
    const drives = (await (await request.get(`/api/admin/test-drives?from=${date}`, { headers: auth(adminToken) })).json()).data as { date: string }[];
    if (counts.Pending === 0 && counts.Scheduled === 0 && !closed.some((c) => c.date === date) && !drives.some((d) => d.date === date)) return date;
  }
  throw new Error('no empty day in four weeks');
}

function booking(date: string, time: string, user: { name: string; email: string; phone: string }) {
  return {
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate: date,
    appointmentTime: time,
    vehicle: { make: 'Honda', model: 'Civic', year: '2019', registration: 'E2E-0002' },
    customer: { name: user.name, email: user.email, phone: user.phone },
  };
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** The admin's navigation: the sidebar at 1280 px, the drawer behind the menu button on a phone. */
async function openAdminLink(page: Page, name: string, width: number) {
  if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).last().click();
}

for (const size of WIDTHS) {
  test.describe(`admin operations at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('the admin closes a day; the customer calendar shows it closed and booking on it is refused', async ({ loginAdmin, page, request, browser, baseURL }) => {
      test.slow();
      const admin = await adminToken(request);
      const date = await emptyDay(request, admin, size.width === 1280 ? 9 : 16);
      // Never the same day: with a busy demo month the first empty day from 9 days ahead may be 30 days ahead.
      const busyDate = await emptyDay(request, admin, size.width === 1280 ? 30 : 40, [date]);
      const reason = `E2E Holiday ${randomUUID().slice(0, 6)}`;

      // A customer with a booking on busyDate (that day cannot be closed while it holds one).
      const customerContext = await browser.newContext({ viewport: size, baseURL });
      const user = await registerUser(customerContext.request);
      const customer = await customerContext.newPage();
      const { tokens } = await loginAs(customer, { emailOrUsername: user.email, password: user.password });
      const booked = await customerContext.request.post('/api/maintenance', { headers: auth(tokens.accessToken), data: booking(busyDate, '09:00 AM', user) });
      expect(booked.status(), await booked.text()).toBe(201);

      await loginAdmin();
      await page.goto('/admin');
      await openAdminLink(page, 'Closure Days', size.width);
      await expect(page).toHaveURL(/\/admin\/closure-days$/);
      await expect(page.getByRole('heading', { name: 'Closure Days', level: 1 })).toBeVisible();

      // Bad input gets a message on its field and changes nothing.
      await page.getByRole('button', { name: 'Add closure day' }).click();
      await expect(page.getByText('Please select a date')).toBeVisible();
      await expect(page.getByText('Please enter a reason')).toBeVisible();
      await page.getByLabel('Date').fill(addDays(await workshopToday(request), -1));
      await page.getByLabel('Reason').fill(reason);
      await page.getByRole('button', { name: 'Add closure day' }).click();
      await expect(page.getByText('Please choose today or a later date.')).toBeVisible();

      await page.getByLabel('Date').fill(busyDate);
      await page.getByRole('button', { name: 'Add closure day' }).click();
      await expect(page.getByText(`1 appointment is booked on ${longDate(busyDate)} (Pending or Scheduled). Reschedule or cancel it before closing that day.`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'View the appointments on that day' })).toHaveAttribute(
        'href',
        `/admin/maintenance?dateFrom=${busyDate}&dateTo=${busyDate}`,
      );

      await page.getByLabel('Date').fill(date);
      await page.getByRole('button', { name: 'Add closure day' }).click();
      await expect(toast(page, 'Closure day added')).toBeVisible();
      const upcoming = page.getByRole('list', { name: 'Upcoming closure days' });
      await expect(upcoming.getByRole('listitem').filter({ hasText: reason })).toContainText(fullDate(date));
      await expect(page.getByLabel('Reason')).toHaveValue('');

      // The same date again: refused, with the closure named.
      await page.getByLabel('Date').fill(date);
      await page.getByLabel('Reason').fill('Another reason');
      await page.getByRole('button', { name: 'Add closure day' }).click();
      await expect(page.getByText(`${longDate(date)} is already a closure day (${reason}).`)).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `admin-ops-closure-days-${size.width}`);

      // The customer's calendar: the day is closed, named with its reason.
      try {
        await customer.goto('/account/maintenance/create?service=routine');
        await customer.getByText('Oil Change').click();
        await customer.getByRole('button', { name: 'Next', exact: true }).click();
        await showMonthOf(customer, date);
        const day = customer.getByRole('button', { name: `${fullDate(date)}, Closed: ${reason}` });
        await expect(day).toBeDisabled();
        await expect(day).toContainText('Closed');
        await expect(customer.getByRole('list', { name: 'Closure days this month' })).toContainText(`Closed: ${reason}`);
        await expectNoAxeViolations(customer);
        await shot(customer, `admin-ops-customer-calendar-closed-${size.width}`);

        // Booking on it anyway (an old tab, a crafted request) is refused with the reason.
        const res = await customerContext.request.post('/api/maintenance', { headers: auth(tokens.accessToken), data: booking(date, '10:00 AM', user) });
        expect(res.status()).toBe(422);
        expect((await res.json()).message).toBe(`The workshop is closed on this date (${reason}). Please choose another date.`);
      } finally {
        await customerContext.close();
      }

      // Opening the day again.
      await upcoming.getByRole('button', { name: `Remove closure day ${fullDate(date)}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove closure day?' });
      await expect(dialog).toContainText(reason);
      await dialog.getByRole('button', { name: 'Remove closure day' }).click();
      await expect(toast(page, 'Closure day removed')).toBeVisible();
      await expect(upcoming.getByText(reason)).toHaveCount(0);
      const after = await request.get(`/api/maintenance/availability?date=${date}`);
      expect(((await after.json()).data.availability as { available: boolean }[]).every((s) => s.available)).toBe(true);
    });

    test('the admin books a phone customer without an account or e-mail; it is Scheduled and marked in the admin list', async ({ loginAdmin, page, request }) => {
      test.slow();
      const slot = await findFreeSlot(request, size.width === 1280 ? 3 : 5);
      const name = `Walk In ${randomUUID().slice(0, 6)}`;

      await loginAdmin();
      await page.goto('/admin/maintenance');
      await page.getByRole('link', { name: 'Book for a customer' }).click();
      await expect(page).toHaveURL(/\/admin\/maintenance\/new$/);
      await expect(page.getByRole('heading', { name: 'Book for a Customer', level: 1 })).toBeVisible();
      await expect(page.getByRole('radio', { name: /New customer \(no account\)/ })).toBeChecked();

      // Nothing filled in: the messages of the customer booking, nothing booked.
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await expect(page.getByText('Please select a maintenance type')).toBeVisible();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/maintenance\/new$/);

      // 'Existing customer' needs a customer from the list.
      await page.getByRole('radio', { name: /Existing customer/ }).check();
      await expect(page.getByLabel('Search customers')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('radio', { name: /New customer \(no account\)/ }).check();

      await page.getByText('Routine Maintenance').click();
      await page.getByText('Oil Change').click();
      await showMonthOf(page, slot.date);
      await page.getByRole('button', { name: new RegExp(`^${fullDate(slot.date)}`) }).click();
      await page.getByRole('tab', { name: period(slot.time) }).click();
      await page.getByRole('button', { name: slot.time, exact: true }).click();
      await page.getByLabel('Vehicle Make').fill('Ford');
      await page.getByLabel('Vehicle Model').fill('Focus');
      await page.getByLabel('Registration Number').fill('WALK-01');
      await page.getByLabel('Full Name', { exact: true }).fill(name);
      // A phone number is enough: the e-mail stays empty, and the form says what that means.
      await expect(page.getByText('Optional: without one, the customer gets no e-mails (confirmation, reminder).')).toBeVisible();
      await page.getByLabel('Phone', { exact: true }).fill('+1 555 010 4444');
      await expect(page.getByText('Name is required')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await shot(page, `admin-ops-book-for-customer-${size.width}`);

      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await expect(toast(page, 'Maintenance appointment booked successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/maintenance$/);
      await page.getByRole('searchbox', { name: 'Search maintenance requests' }).fill(name);
      const entry =
        size.width >= 1024
          ? page.getByRole('region', { name: 'Maintenance requests' }).getByRole('row').filter({ hasText: name })
          : page.getByRole('list', { name: 'Maintenance requests' }).getByRole('listitem').filter({ hasText: name });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText('Booked by staff');
      await expect(entry).toContainText('Scheduled');
      await expect(entry).toContainText('+1 555 010 4444');
      await expectNoAxeViolations(page);
      await shot(page, `admin-ops-maintenance-list-${size.width}`);
    });

    test('the admin books for an account holder found by name; it is in their history', async ({ loginAdmin, page, request, browser, baseURL }) => {
      test.slow();
      // The customer registers in a context of their own, so the admin's sign-in does not end their session.
      const customerContext = await browser.newContext({ viewport: size, baseURL });
      try {
        const user = await registerUser(customerContext.request);
        const slot = await findFreeSlot(request, size.width === 1280 ? 4 : 6);

        await loginAdmin();
        await page.goto('/admin/maintenance/new');
        await page.getByRole('radio', { name: /Existing customer/ }).check();
        await page.getByRole('button', { name: 'Book Appointment' }).click();
        await expect(page.getByText('Please choose a customer from the list')).toBeVisible();
        await page.getByLabel('Search customers').fill(user.name);
        await page.getByRole('list', { name: 'Matching customers' }).getByRole('button', { name: new RegExp(user.name) }).click();
        await expect(page.getByRole('button', { name: 'Change customer' })).toBeFocused();
        await expect(page.getByText('Please choose a customer from the list')).toHaveCount(0);
        // The contact fields come from the account.
        await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(user.name);
        await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);

        await page.getByText('Routine Maintenance').click();
        await page.getByText('Tire Rotation').click();
        await showMonthOf(page, slot.date);
        await page.getByRole('button', { name: new RegExp(`^${fullDate(slot.date)}`) }).click();
        await page.getByRole('tab', { name: period(slot.time) }).click();
        await page.getByRole('button', { name: slot.time, exact: true }).click();
        await page.getByLabel('Vehicle Make').fill('Mazda');
        await page.getByLabel('Vehicle Model').fill('CX-5');
        await page.getByLabel('Registration Number').fill('ACCT-01');
        await expectNoAxeViolations(page);
        await shot(page, `admin-ops-book-for-account-${size.width}`);
        await page.getByRole('button', { name: 'Book Appointment' }).click();
        await expect(toast(page, 'Maintenance appointment booked successfully!')).toBeVisible();
        await expect(page).toHaveURL(/\/admin\/maintenance$/);

        const customer = await customerContext.newPage();
        await loginAs(customer, { emailOrUsername: user.email, password: user.password });
        await customer.goto('/account/maintenance/history');
        const card = customer.getByRole('article').filter({ hasText: 'Tire Rotation' });
        await expect(card).toHaveCount(1);
        await expect(card).toContainText('Scheduled');
      } finally {
        await customerContext.close();
      }
    });
  });
}
