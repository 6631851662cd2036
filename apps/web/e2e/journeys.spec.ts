import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, loginAs, registerUser, screenshot, test } from './fixtures';
import { apiToken, calendarReady, findFreeSlot, postListing, showMonthOf, uniqueWord } from './quality-data';

// Journeys a customer and the staff go through, each at a phone's and a desktop's width.
test.describe.configure({ timeout: 120_000 });

const WIDTHS = [375, 1280] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 375: 812, 1280: 800 };

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: typeof text === 'string' });

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, `journeys-${name}`);
}

/**
 * Clicks the way a person does: the pointer goes down on the button's centre, the focused field
 * loses focus (and validates), a moment passes, then the pointer comes up where it went down. If
 * the page moved the button in between, the click lands beside it and is lost.
 */
async function humanClick(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const before = await pagePosition(target);
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Long enough for the blur's validation to re-render, as a real press lasts ~100 ms.
  await page.waitForTimeout(150);
  await page.mouse.up();
  return before;
}

/** Where an element sits on the page (not the viewport), so scrolling does not count as moving. */
async function pagePosition(target: Locator) {
  return target.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return { x: Math.round(rect.x + window.scrollX), y: Math.round(rect.y + window.scrollY) };
  });
}

/** The button stays where it was on the page while a field's message comes or goes. */
async function expectUnmoved(target: Locator, before: { x: number; y: number }) {
  expect(await pagePosition(target)).toEqual(before);
}

// ---------------------------------------------------------------------------------------------
// 1. No form moves its buttons when a message appears or goes.
// ---------------------------------------------------------------------------------------------

test.describe('forms keep their buttons still', () => {
  for (const width of WIDTHS) {
    test(`listing wizard: Next after fixing step 1 and Submit after a blur both take the first click at ${width} px`, async ({
      login,
      page,
    }) => {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      const seller = await login();
      await page.goto('/account/vehicles/create');
      const nextButton = page.getByRole('button', { name: 'Next' });

      // Every step-1 message shows...
      await nextButton.click();
      await expect(page.getByText('Title is required')).toBeVisible();
      // Side by side, a field with a hint (Year) and one without (Price) keep their inputs level.
      if (width >= 640) expect((await pagePosition(page.getByLabel('Price ($)'))).y).toBe((await pagePosition(page.getByLabel('Year'))).y);
      await shot(page, `wizard-step1-errors-${width}`);
      // ...the user fixes the fields one by one; the last one still has focus and its message.
      await page.getByLabel('Make').fill('Toyota');
      await page.getByLabel('Model').fill('Camry');
      await page.getByLabel('Year').fill('2019');
      await page.getByLabel('Price ($)').fill('18500');
      await page.getByLabel('Listing Title').fill('2019 Toyota Camry SE, one owner');
      await expect(page.getByLabel('Listing Title')).toBeFocused();
      await expect(page.getByText('Title is required')).toBeVisible();

      // One press on Next: the blur removes the message, and the click still lands.
      await humanClick(page, nextButton);
      await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();

      // Step 2 the same way, with the description fixed last.
      await page.getByLabel('Mileage (mi)').fill('42000');
      await page.getByLabel('Transmission').selectOption('Automatic');
      await page.getByLabel('Fuel Type').selectOption('Petrol');
      await page.getByLabel('Condition').selectOption('Good');
      await page.getByLabel('Description').fill('Short');
      await page.getByLabel('Description').blur();
      await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
      await page.getByLabel('Description').fill('One owner, full service history, new tyres.');
      await humanClick(page, nextButton);
      await expect(page.getByRole('heading', { name: 'Vehicle Photos' })).toBeVisible();
      await nextButton.click();

      // Step 4: an invalid e-mail gets its message from the blur the Submit press causes; the press still submits
      // (the form checks itself and puts the cursor back in the e-mail field).
      await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
      await page.getByLabel('Location').fill('Springfield, IL');
      await page.getByLabel('Phone').fill('+1 555 010 4545');
      await page.getByLabel('Email (optional)').fill('not-an-email');
      const submit = page.getByRole('button', { name: 'Submit' });
      const submitBox = await humanClick(page, submit);
      await expect(page.getByText('Invalid email address')).toBeVisible();
      await expectUnmoved(submit, submitBox);
      await expect(page.getByLabel('Email (optional)')).toBeFocused();
      await shot(page, `wizard-step4-error-${width}`);

      // Fixed, one press submits.
      await page.getByLabel('Email (optional)').fill(seller.email);
      await humanClick(page, submit);
      await expect(toast(page, 'Vehicle created successfully!')).toBeVisible({ timeout: 20_000 });
    });
  }

  for (const width of WIDTHS) {
    test(`register, profile and booking keep their buttons in place as messages come and go at ${width} px`, async ({
      login,
      page,
    }) => {
      await page.setViewportSize({ width, height: HEIGHT[width] });

      // Register: the messages of an empty submit, then the fields fixed.
      await page.goto('/register');
      const registerButton = page.getByRole('button', { name: 'Register' });
      const registerBox = await pagePosition(registerButton);
      await registerButton.click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectUnmoved(registerButton, registerBox);
      await page.getByLabel('Username').fill('someone');
      await page.getByLabel('Full Name').fill('Some One');
      await expectUnmoved(registerButton, registerBox);
      await shot(page, `register-errors-${width}`);

      // Profile: a wrong pair of passwords, then corrected.
      const user = await login();
      await page.goto('/account/profile');
      const update = page.getByRole('button', { name: 'Update Profile' });
      const updateBox = await pagePosition(update);
      await page.getByLabel('Full Name').fill('');
      await update.click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectUnmoved(update, updateBox);
      await page.getByLabel('Full Name').fill(user.name);
      await expectUnmoved(update, updateBox);

      // Booking, step 4: an empty submit and the fix.
      await page.goto('/account/maintenance/create?service=routine');
      await page.getByText('Oil Change').click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      // Measured once the calendar has opened on its month: until its days are in, the page's layout may still move.
      await calendarReady(page);
      const nextStep = page.getByRole('button', { name: 'Next', exact: true });
      const nextBox = await pagePosition(nextStep);
      await nextStep.click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectUnmoved(nextStep, nextBox);
    });
  }

  test('admin dialogs keep their buttons in place as messages come and go', async ({ loginAdmin, page, request }) => {
    const user = await registerUser(request);
    await loginAdmin();
    await page.goto(`/admin/users/${user.id}`);
    await page.getByRole('button', { name: 'Suspend Account' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Account' });
    const confirm = dialog.getByRole('button', { name: 'Suspend Account' });
    const box = await pagePosition(confirm);
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('A reason is required to suspend an account');
    await expectUnmoved(confirm, box);
    await dialog.getByLabel('Reason for suspension').fill('Testing');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectUnmoved(confirm, box);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

// ---------------------------------------------------------------------------------------------
// 6. Admin create page heading and counts.
// ---------------------------------------------------------------------------------------------

test('admin: the create page is headed Create Vehicle Listing and a single result reads 1 Vehicle', async ({ loginAdmin, page, request }) => {
  const token = await apiToken(request, DEMO.admin);
  const make = uniqueWord('Solo');
  await postListing(request, token, { make, model: 'One', year: 2020, price: 9999, title: `${make} One` });
  await loginAdmin();
  await page.goto(`/admin/vehicles?search=${make}`);
  await expect(page.getByText('1 Vehicle', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Add Vehicle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Vehicle Listing' })).toBeVisible();
  await expect(page).toHaveTitle(/Create Vehicle Listing/);
  await expect(page.getByRole('heading', { name: 'Add Vehicle' })).toHaveCount(0);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    await shot(page, `admin-create-${width}`);
  }
});

// ---------------------------------------------------------------------------------------------
// 7. The header changes style, never height, when the page scrolls.
// ---------------------------------------------------------------------------------------------

for (const width of WIDTHS) {
  test(`header keeps its height across the scroll threshold at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    await page.goto('/vehicle-sales');
    await expect(page.getByRole('heading', { name: 'Available Vehicles' })).toBeVisible();
    const header = page.locator('header').first();
    const heightAt = async (y: number) => {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await expect(header).toHaveAttribute('data-scrolled', String(y > 10));
      // Past any transition.
      await page.waitForTimeout(350);
      return (await header.boundingBox())!.height;
    };
    const top = await heightAt(0);
    expect(top).toBeGreaterThan(0);
    expect(await heightAt(11)).toBe(top);
    expect(await heightAt(9)).toBe(top);
    expect(await heightAt(300)).toBe(top);
    // The content under the header does not move when the style changes.
    await page.evaluate(() => window.scrollTo({ top: 10, behavior: 'instant' }));
    const main = page.locator('main');
    const mainTop = (await main.boundingBox())!.y;
    await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }));
    await page.waitForTimeout(350);
    expect(Math.round((await main.boundingBox())!.y)).toBe(Math.round(mainTop - 1));
    await screenshot(page, `journeys-header-scrolled-${width}`);
  });
}

// ---------------------------------------------------------------------------------------------
// 8. Whether a modal is open is kept in memory only.
// ---------------------------------------------------------------------------------------------

test('the modal flag is set while a modal is open and is not kept across a reload', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-modal-open', '');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(html).toHaveAttribute('data-modal-open', '');
  const stored = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
  expect(stored.local.filter((key) => /modal/i.test(key))).toEqual([]);
  expect(stored.session).toEqual([]);
  await page.reload();
  await expect(page.getByRole('link', { name: /Apex/ }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(html).not.toHaveAttribute('data-modal-open', '');
  // Closing clears it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(html).toHaveAttribute('data-modal-open', '');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(html).not.toHaveAttribute('data-modal-open', '');
});

// ---------------------------------------------------------------------------------------------
// 2. Booking, step 2: where the calendar and the slots open, and what a closed slot says.
// ---------------------------------------------------------------------------------------------

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
function nextMonthOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}
function datesOf(month: string): string[] {
  const dates: string[] = [];
  for (let date = `${month}-01`; date.startsWith(month); date = addDays(date, 1)) dates.push(date);
  return dates;
}
const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;
const fullDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthTitle = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayButton = (page: Page, date: string) => page.getByRole('button', { name: new RegExp(`^${fullDate(date)}`) });

type Slot = { time: string; available: boolean; reason?: 'past' | 'full' | 'closed' };
const PERIODS = [
  ['Morning', 0],
  ['Afternoon', 4],
  ['Evening', 8],
] as const;
const closedWord = (slot: Slot) => (slot.reason === 'past' ? 'Past' : slot.reason === 'closed' ? 'Closed' : 'Booked');

async function workshopToday(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/maintenance/settings');
  expect(res.status()).toBe(200);
  return (await res.json()).data.today as string;
}

async function openDateAndTime(page: Page, request: APIRequestContext) {
  const user = await registerUser(request);
  await page.context().clearCookies();
  await loginAs(page, { emailOrUsername: user.email, password: user.password });
  await page.goto('/account/maintenance/create?service=routine');
  await page.getByText('Oil Change').click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Step 2 of 4/ })).toBeVisible();
}

const success = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 'SUCCESS', data }) });

test.describe('booking, step 2', () => {
  for (const width of WIDTHS) {
    test(`today's begun hours say 'Past' (never 'Booked') and the slots open on the first period with a free slot at ${width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      const today = await workshopToday(request);
      const res = await request.get(`/api/maintenance/availability?date=${today}`);
      const slots = (await res.json()).data.availability as Slot[];
      await openDateAndTime(page, request);

      if (!slots.some((s) => s.available)) {
        // Today is over (or a Sunday): it cannot be picked, and the server says why without calling it booked.
        expect(slots.every((s) => s.reason === 'past' || s.reason === 'closed')).toBe(true);
        // The calendar may open on the next month (on a month's last evening): back to today's month, once it has.
        await calendarReady(page);
        await showMonthOf(page, today);
        await expect(dayButton(page, today)).toBeDisabled();
        test.info().annotations.push({ type: 'note', description: 'today has no free hour left: checked that it is closed, not booked' });
        return;
      }
      await dayButton(page, today).click();
      const opening = PERIODS.find(([, first]) => slots.slice(first, first + 4).some((s) => s.available))![0];
      await expect(page.getByRole('tab', { name: opening })).toHaveAttribute('aria-selected', 'true');
      for (const [period, first] of PERIODS) {
        await page.getByRole('tab', { name: period }).click();
        for (const slot of slots.slice(first, first + 4)) {
          const name = slot.available ? slot.time : `${slot.time} ${closedWord(slot)}`;
          await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
          if (slot.reason === 'past') await expect(page.getByRole('button', { name, exact: true })).not.toContainText('Booked');
        }
      }
      await page.getByRole('tab', { name: opening }).click();
      await shot(page, `booking-today-${width}`);
    });

    test(`the calendar opens on the first month with a bookable day; a full day is listed as 'Unavailable', never split, at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      const today = await workshopToday(request);
      const thisMonth = today.slice(0, 7);
      const nextMonth = nextMonthOf(thisMonth);
      const openDays = datesOf(nextMonth).filter((d) => !isSunday(d));
      const fullDay = openDays[2]!;
      const pick = openDays[4]!;
      // The server's answers for a month with nothing left and a next month with one full day...
      await page.route(/\/api\/maintenance\/availability\/month\?/, async (route) => {
        const month = new URL(route.request().url()).searchParams.get('month');
        if (month === thisMonth) return route.fulfill(success({ month, unavailableDates: datesOf(thisMonth), fullDates: [] }));
        if (month === nextMonth) return route.fulfill(success({ month, unavailableDates: [fullDay], fullDates: [fullDay] }));
        return route.continue();
      });
      // ...and a day whose morning and early afternoon are taken.
      await page.route(/\/api\/maintenance\/availability\?date=/, async (route) => {
        const date = new URL(route.request().url()).searchParams.get('date')!;
        if (date !== pick) return route.continue();
        const availability = (await (await route.fetch()).json()).data.availability.map((s: Slot, i: number) =>
          i < 6 ? { time: s.time, available: false, reason: 'full' } : { time: s.time, available: true },
        );
        return route.fulfill(success({ date, availability }));
      });
      await openDateAndTime(page, request);

      await expect(page.getByRole('heading', { name: monthTitle(nextMonth) })).toBeVisible();
      const full = page.getByRole('button', { name: `${fullDate(fullDay)}, Unavailable` });
      await expect(full).toBeDisabled();
      // The word is wider than a day's cell: it heads the list of full days under the month, on one line.
      await expect(full).not.toContainText('Unavailable');
      const item = page.getByRole('list', { name: 'Fully booked days this month' }).getByRole('listitem');
      await expect(item).toHaveText(`Unavailable, ${fullDate(fullDay)}`);
      const word = item.getByText('Unavailable', { exact: true });
      const lineHeight = await word.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await word.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);

      await dayButton(page, pick).click();
      await expect(page.getByRole('tab', { name: 'Afternoon' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('button', { name: '01:00 PM Booked' })).toBeDisabled();
      await expect(page.getByRole('button', { name: '02:00 PM', exact: true })).toBeEnabled();
      await shot(page, `booking-next-month-${width}`);

      // Turning back to the current month is the visitor's choice and is kept.
      await page.getByRole('button', { name: 'Previous month' }).click();
      await expect(page.getByRole('heading', { name: monthTitle(thisMonth) })).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page.getByRole('heading', { name: monthTitle(thisMonth) })).toBeVisible();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 10. Reserved and sold listings say so; a sold one cannot be asked about or saved.
// ---------------------------------------------------------------------------------------------

async function setStatus(request: APIRequestContext, token: string, id: string, status: string) {
  const res = await request.patch(`/api/vehicles/${id}`, { headers: { authorization: `Bearer ${token}` }, multipart: { status } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const width of WIDTHS) {
  test(`a reserved listing is badged 'Reserved'; a sold one 'Sold' with no Contact Seller or Save at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    const token = await apiToken(request, DEMO.admin);
    const make = uniqueWord('Hold');
    const listing = await postListing(request, token, { make, model: 'Tourer', year: 2021, price: 21000, title: `${make} Tourer` });
    await setStatus(request, token, listing._id, 'reserved');

    await page.goto(`/vehicles?search=${make}`);
    const card = page.getByRole('article', { name: `${make} Tourer` });
    await expect(card.getByText('Reserved', { exact: true })).toBeVisible();
    await shot(page, `reserved-card-${width}`);
    await card.getByRole('link', { name: /View Details/ }).click();
    const summary = page.getByRole('region', { name: 'Listing summary' });
    await expect(summary.getByText('Reserved', { exact: true })).toBeVisible();
    await expect(summary.getByRole('button', { name: /Contact Seller/ })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Save' })).toBeVisible();

    await setStatus(request, token, listing._id, 'sold');
    await page.reload();
    await expect(summary.getByText('Sold', { exact: true })).toBeVisible();
    await expect(summary.getByText('This vehicle has been sold.')).toBeVisible();
    await expect(summary.getByRole('button', { name: /Contact Seller/ })).toHaveCount(0);
    await expect(summary.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(summary.getByRole('button', { name: /Share/ })).toBeVisible();
    await shot(page, `sold-detail-${width}`);
  });
}

// ---------------------------------------------------------------------------------------------
// 13. Logging in from a page comes back to that page.
// ---------------------------------------------------------------------------------------------

for (const width of WIDTHS) {
  test(`Log In chosen on a vehicle page returns there after login at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    const token = await apiToken(request, DEMO.admin);
    const make = uniqueWord('Back');
    const listing = await postListing(request, token, { make, model: 'Coupe', year: 2018, price: 15000, title: `${make} Coupe` });
    const user = await registerUser(request);

    await page.goto(`/vehicles/${listing._id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${make} Coupe` })).toBeVisible();
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Through Register's page and back, the way home is kept.
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email or Username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${listing._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${make} Coupe` })).toBeVisible();
  });
}

// ---------------------------------------------------------------------------------------------
// 12. The account menu: the spec's items in their order, with My Vehicles, Purchases and Saved after View Profile.
// ---------------------------------------------------------------------------------------------

test('account menu order at 1280 px and in the side menu at 375 px', async ({ login, page }) => {
  await login();
  await page.goto('/');
  await page.getByRole('button', { name: /, account menu$/ }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['View Profile', 'My Vehicles', 'Purchases', 'Saved', 'Saved Searches', 'My Maintenance', 'Log Out']);
  await screenshot(page, 'journeys-account-menu-1280');
  await page.getByRole('menuitem', { name: 'Purchases' }).click();
  await expect(page).toHaveURL(/\/account\/purchases$/);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  const accountLinks = drawer.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
  await expect(accountLinks).toHaveText(['Home', 'Buy', 'Maintenance', 'View Profile', 'My Vehicles', 'Purchases', 'Saved', 'Saved Searches', 'My Maintenance']);
  await expect(drawer.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await screenshot(page, 'journeys-account-menu-375');
  await drawer.getByRole('link', { name: 'My Vehicles' }).click();
  await expect(page).toHaveURL(/\/account\/vehicles$/);
});

// ---------------------------------------------------------------------------------------------
// 16. History: a Pending tab, paging, and a confirmation before cancelling.
// ---------------------------------------------------------------------------------------------

for (const width of WIDTHS) {
  test(`history: Pending tab, pages of appointments, and Cancel Appointment asks first at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: HEIGHT[width] });
    const user = await registerUser(request);
    const auth = { authorization: `Bearer ${await apiToken(request, { emailOrUsername: user.email, password: user.password })}` };
    // A free hour past the demo week (which fills days, and on a Sunday starts tomorrow), where parallel tests
    // would take the place this test books and cancels twelve times.
    const { date, time } = await findFreeSlot(request, 8 + Math.floor(Math.random() * 8));
    const book = async (service: string) => {
      const res = await request.post('/api/maintenance', {
        headers: auth,
        data: {
          maintenanceType: 'routine',
          specificService: service,
          appointmentDate: date,
          appointmentTime: time,
          vehicle: { make: 'Honda', model: 'Civic', year: '2019', registration: 'E2E-16' },
          customer: { name: 'E2E Customer', email: user.email, phone: '+1 555 010 3000' },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).data._id as string;
    };
    // Eleven withdrawn requests (each frees its place for the next), then one that is still pending.
    for (let i = 0; i < 11; i += 1) {
      const id = await book('Oil Change');
      const res = await request.delete(`/api/maintenance/${id}/cancel`, { headers: auth });
      expect(res.status(), await res.text()).toBe(200);
    }
    await book('Tire Rotation');

    await page.context().clearCookies();
    await loginAs(page, { emailOrUsername: user.email, password: user.password });
    await page.goto('/account/maintenance/history');
    await expect(page.getByRole('tab')).toHaveText(['All', 'Pending', 'Scheduled', 'Completed']);
    await expect(page.getByRole('article')).toHaveCount(10);
    // The four tabs fit the width: nothing runs off the side of the page.
    const tabsBox = (await page.getByRole('tablist').boundingBox())!;
    expect(tabsBox.x + tabsBox.width).toBeLessThanOrEqual(width);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByText('Showing 10 of 12 appointments')).toBeVisible();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /Next/ }).click();
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await shot(page, `history-page2-${width}`);

    await page.getByRole('tab', { name: 'Pending' }).click();
    const pending = page.getByRole('article');
    await expect(pending).toHaveCount(1);
    await expect(pending.getByRole('heading', { name: 'Tire Rotation' })).toBeVisible();

    // Asked first; keeping it changes nothing.
    await pending.getByRole('button', { name: 'Cancel Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await expect(dialog).toContainText('Tire Rotation');
    // Each button keeps its label on one line.
    for (const name of ['Keep Appointment', 'Cancel Appointment']) {
      expect((await dialog.getByRole('button', { name }).boundingBox())!.height).toBeLessThanOrEqual(40);
    }
    await shot(page, `history-cancel-confirm-${width}`);
    await dialog.getByRole('button', { name: 'Keep Appointment' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(pending.getByText('Pending', { exact: true })).toBeVisible();
    // Confirmed, it is cancelled.
    await pending.getByRole('button', { name: 'Cancel Appointment' }).click();
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(toast(page, 'Appointment cancelled successfully')).toBeVisible();
    await expect(page.getByText('No maintenance records found')).toBeVisible();
  });
}
