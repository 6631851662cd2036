import type { APIRequestContext, Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { expectNoAxeViolations, settled } from './quality-data';

// Reserve online and test drives: a customer holds a car and everyone sees 'Reserved until'; a customer
// books and cancels a test drive; staff move one. Each screen passes axe at 375 and 1280 px.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function axeAtBothWidths(page: Page) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(WIDTHS[0]!);
}

let pick = 0;
/** An available car nobody holds, a different one per call (the demo holds the newest). */
async function freeCar(request: APIRequestContext): Promise<string> {
  // The oldest 100 on sale: the demo's, which listings other tests add meanwhile never push out.
  const body = (await (await request.get('/api/vehicles?limit=100&sort=createdAt:asc')).json()) as { data: { _id: string; status: string }[] };
  const cars = body.data.filter((v) => v.status === 'available');
  for (let i = 0; i < cars.length; i += 1) {
    const car = cars[(pick + i + 5) % cars.length]!;
    const hold = (await (await request.get(`/api/vehicles/${car._id}/hold`)).json()) as { data: { reservedUntil: string | null } };
    if (!hold.data.reservedUntil) {
      pick += i + 1;
      return car._id;
    }
  }
  throw new Error('no free car');
}

/** The next day the sales calendar is open (not Sunday), a few days out so today's hours never matter. */
async function openDay(request: APIRequestContext, offset = 2): Promise<string> {
  const settings = (await (await request.get('/api/test-drives/settings')).json()) as { data: { today: string; openDays: number[] } };
  const d = new Date(`${settings.data.today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  while (!settings.data.openDays.includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const freeHour = (page: Page) => page.locator('label:has(input[type=radio]:enabled)');

test.describe('reserve online', () => {
  test("a customer reserves a car and sees 'Reserved until'; a visitor sees it too; the customer cancels", async ({ login, page, request, browser, baseURL }) => {
    test.slow();
    const car = await freeCar(request);
    await login();
    await page.goto(`/vehicles/${car}`);
    await page.getByRole('button', { name: 'Reserve this car' }).click();
    await expect(page.getByTestId('reserved-until')).toContainText(/^Reserved until \w+ \d+, \d{4}, \d+:\d{2} (AM|PM)$/);
    await expect(page.getByText('You hold this car.')).toBeVisible();
    await axeAtBothWidths(page);

    // A visitor, in a browser that never signed in, gets the server-rendered page with the hold on it.
    const visitor = await browser.newContext({ baseURL });
    const anonymous = await visitor.newPage();
    const html = await (await anonymous.request.get(`/vehicles/${car}`)).text();
    expect(html).toContain('Reserved until');
    expect(html).not.toContain('You hold this car');
    await anonymous.goto(`/vehicles/${car}`);
    await expect(anonymous.getByTestId('reserved-until')).toBeVisible();
    await expect(anonymous.getByRole('button', { name: 'Reserve this car' })).toHaveCount(0);
    await visitor.close();

    await page.goto('/account/reservations');
    await settled(page);
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: /^Cancel Reservation of/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Reservation' }).click();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await page.goto(`/vehicles/${car}`);
    await expect(page.getByTestId('reserved-until')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reserve this car' })).toBeVisible();
  });
});

test.describe('test drives', () => {
  test('a customer books a test drive from the car page (keyboard only) and cancels it from the account', async ({ login, page, request }) => {
    test.slow();
    const car = await freeCar(request);
    const day = await openDay(request);
    await login();
    await page.goto(`/vehicles/${car}`);
    await page.getByRole('button', { name: 'Book a Test Drive' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
    await expect(dialog).toBeVisible();
    // Booking with no day chosen says so, and the button stays where it was.
    const bookButton = dialog.getByRole('button', { name: 'Book Test Drive' });
    const before = await bookButton.boundingBox();
    await bookButton.click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a date');
    expect(await bookButton.boundingBox()).toEqual(before);
    await dialog.getByLabel('Day', { exact: true }).fill(day);
    await expect(freeHour(page).first()).toBeVisible();
    await axeAtBothWidths(page);
    await dialog.locator('input[type=radio]:enabled').first().focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Book Test Drive' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Test drive booked')).toBeVisible();

    await page.goto('/account/test-drives');
    await settled(page);
    await expect(page.getByText('Booked', { exact: true })).toBeVisible();
    await axeAtBothWidths(page);
    await page.getByRole('button', { name: /^Cancel: test drive of/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Test Drive' }).click();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  });

  test('staff reschedule a test drive at /admin/test-drives; the settings and reservations screens pass axe', async ({ loginAdmin, page, request }) => {
    test.slow();
    const car = await freeCar(request);
    const day = await openDay(request, 3);
    await loginAdmin();
    await page.goto('/admin/test-drives');
    await expect(page.getByRole('heading', { name: 'Upcoming test drives' })).toBeVisible();
    // The list offers the newest 100 cars on sale; an older car is found by what staff type.
    await expect(page.getByRole('status').filter({ hasText: /cars on sale/ })).toHaveText(/^(The newest 100 cars on sale; type to find another|\d+ cars on sale)\.$/);
    const title = ((await (await request.get(`/api/vehicles/${car}`)).json()) as { data: { title: string } }).data.title;
    await page.getByLabel('Find a car').fill(title);
    await expect(page.getByLabel('Car', { exact: true }).locator(`option[value="${car}"]`)).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: / match/ })).toBeVisible();
    await page.getByLabel('Car', { exact: true }).selectOption(car);
    // The chosen car stays chosen while staff search for something else.
    await page.getByLabel('Find a car').fill('no such car zzzz');
    await expect(page.getByText('No car on sale matches.')).toBeVisible();
    await expect(page.getByLabel('Car', { exact: true })).toHaveValue(car);
    await screenshot(page, 'admin-test-drives-find-car-1280');
    await page.setViewportSize(WIDTHS[1]!);
    await screenshot(page, 'admin-test-drives-find-car-375');
    await page.setViewportSize(WIDTHS[0]!);
    await page.getByLabel('Day', { exact: true }).fill(day);
    await freeHour(page).first().click();
    await page.getByLabel('Customer name').fill('Phoebe Phone');
    await page.getByLabel('Customer e-mail').fill('phoebe@example.com');
    await page.getByLabel('Customer phone').fill('+1 555 0100 777');
    await page.getByRole('button', { name: 'Book Test Drive' }).click();
    await expect(page.getByText(/Phoebe Phone · /)).toBeVisible();
    await axeAtBothWidths(page);

    const row = page.locator('li', { hasText: 'Phoebe Phone' });
    await row.getByRole('button', { name: /^Reschedule/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Test Drive' });
    await dialog.getByLabel('Day', { exact: true }).fill(await openDay(request, 4));
    await dialog.locator('label:has(input[type=radio]:enabled)').last().click();
    await axeAtBothWidths(page);
    await dialog.getByRole('button', { name: 'Move Test Drive' }).click();
    await expect(page.getByText('Test drive moved')).toBeVisible();

    await page.goto('/admin/test-drives/settings');
    await expect(page.getByLabel('Drives per hour')).toHaveValue('2');
    await axeAtBothWidths(page);
    await page.goto('/admin/reservations');
    await expect(page.getByRole('heading', { name: 'Reservations' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Extend 24 hours:/ }).first()).toBeVisible();
    await axeAtBothWidths(page);
  });
});
