import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, loginAs, registerUser, test } from './fixtures';
import { audit, report, type Found } from './axe-audit';
import { settled, showMonthOf } from './quality-data';

// My Garage (issue 27): a customer adds a vehicle with a VIN (a wrong check digit is refused with its
// message), the demo customer's garage shows a job read at check-in, and a vehicle's 'Book a service'
// opens the booking wizard filled in. Axe at 375 and 1280 px; the add form works by keyboard.

const VIN = '1M8GDM9AXKP042788';
const WRONG_CHECK_DIGIT = '1M8GDM9A1KP042788';
const CHECK_DIGIT_MESSAGE = 'VIN check digit (9th character) does not match: check the VIN for a typo';

type Slot = { date: string; time: string };

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A free slot on a Monday-Saturday at least 3 days after the workshop's today. */
async function freeSlot(request: APIRequestContext): Promise<Slot> {
  const today = (await (await request.get('/api/maintenance/settings')).json()).data.today as string;
  for (let offset = 3; offset < 24; offset += 1) {
    const date = addDays(today, offset);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 0) continue;
    const body = await (await request.get(`/api/maintenance/availability?date=${date}`)).json();
    const time = (body.data.availability as { time: string; available: boolean }[]).find((s) => s.available)?.time;
    if (time) return { date, time };
  }
  throw new Error('no free slot in three weeks');
}

const fullDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const period = (time: string) => {
  const hour = (Number(time.slice(0, 2)) % 12) + (time.endsWith('PM') ? 12 : 0);
  return hour < 12 ? 'Morning' : hour < 16 ? 'Afternoon' : 'Evening';
};

async function chooseSlot(page: Page, slot: Slot) {
  await showMonthOf(page, slot.date);
  await page.getByRole('button', { name: new RegExp(`^${fullDate(slot.date)}`) }).click();
  await page.getByRole('tab', { name: period(slot.time) }).click();
  await page.getByRole('button', { name: slot.time, exact: true }).click();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

test.describe('my garage', () => {
  test('a customer adds a vehicle with a VIN by keyboard (a wrong check digit shows its message), then books a service for it from the garage', async ({ page, request }) => {
    test.slow();
    const found: Found[] = [];
    const customer = await registerUser(request);
    await loginAs(page, { emailOrUsername: customer.email, password: customer.password });

    // The account page leads to My Garage.
    await page.goto('/account');
    await page.getByRole('link', { name: /My Garage/ }).first().click();
    await expect(page).toHaveURL(/\/account\/garage$/);
    await settled(page);
    await expect(page.getByText('No vehicles yet.')).toBeVisible();
    await audit(page, 'empty garage', found, 'garage-empty');

    // By keyboard: the button opens the form and the first field takes the focus.
    await page.getByRole('button', { name: 'Add vehicle' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a vehicle' });
    await expect(form.getByLabel('Vehicle Make')).toBeFocused();
    await page.keyboard.type('Mazda');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Vehicle Model')).toBeFocused();
    await page.keyboard.type('CX-5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2021');
    await page.keyboard.press('Tab');
    await page.keyboard.type('GAR-E2E1');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('VIN (optional)')).toBeFocused();
    await page.keyboard.type(WRONG_CHECK_DIGIT);
    await page.keyboard.press('Tab');
    await page.keyboard.type('23,400');
    await page.keyboard.press('Enter');
    await expect(form.getByText(CHECK_DIGIT_MESSAGE)).toBeVisible();
    await expect(form.getByLabel('VIN (optional)')).toHaveAttribute('aria-invalid', 'true');
    await audit(page, 'garage form with a VIN message', found, 'garage-vin-message');
    // The server says the same when the browser's check is passed by.
    const refused = await request.post('/api/account/garage', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { make: 'Mazda', model: 'CX-5', year: '2021', registration: 'GAR-E2E9', vin: WRONG_CHECK_DIGIT },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors).toEqual({ vin: CHECK_DIGIT_MESSAGE });

    await form.getByLabel('VIN (optional)').fill(VIN);
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    const card = page.getByTestId('garage-vehicle').filter({ hasText: '2021 Mazda CX-5' });
    await expect(card).toBeVisible();
    await expect(card).toContainText(VIN);
    await expect(card).toContainText('23,400 mi');
    // The focus is back on the button that opened the form.
    await expect(page.getByRole('button', { name: 'Add vehicle' })).toBeFocused();
    await audit(page, 'garage with a vehicle', found, 'garage-vehicle');

    // Book a service from the garage: the wizard opens with the vehicle filled in.
    await card.getByRole('link', { name: /Book a service/ }).click();
    await expect(page).toHaveURL(/\/account\/maintenance\/create\?vehicle=/);
    await page.getByText('Routine Maintenance').click();
    await page.getByText('Oil Change').click();
    await next(page);
    const slot = await freeSlot(request);
    await chooseSlot(page, slot);
    await next(page);
    await expect(page.getByLabel('Vehicle from My Garage')).toHaveValue(/.+/);
    await expect(page.getByLabel('Vehicle Make')).toHaveValue('Mazda');
    await expect(page.getByLabel('Vehicle Model')).toHaveValue('CX-5');
    await expect(page.getByLabel('Vehicle Year')).toHaveValue('2021');
    await expect(page.getByLabel('Registration Number')).toHaveValue('GAR-E2E1');
    await audit(page, 'booking vehicle step from the garage', found, 'garage-booking-vehicle');
    // The customer can still type another vehicle: choosing it empties the fields.
    await page.getByLabel('Vehicle from My Garage').selectOption({ label: 'Another vehicle' });
    await expect(page.getByLabel('Vehicle Make')).toHaveValue('');
    await page.getByLabel('Vehicle from My Garage').selectOption({ label: '2021 Mazda CX-5 (GAR-E2E1)' });
    await expect(page.getByLabel('Registration Number')).toHaveValue('GAR-E2E1');
    await next(page);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(page.getByText('Maintenance appointment booked successfully!').first()).toBeVisible();

    // The job is in the vehicle's history.
    await page.goto('/account/garage');
    await expect(card.getByTestId('garage-job').filter({ hasText: 'Oil Change' })).toBeVisible();

    // A reminder's link (?service=<specific service>&vehicle=<id>) opens the wizard with the service chosen.
    const [vehicle] = (await (await request.get('/api/account/garage', { headers: { authorization: `Bearer ${customer.token}` } })).json()).data;
    await page.goto(`/account/maintenance/create?service=${encodeURIComponent('Brake Inspection')}&vehicle=${vehicle._id}`);
    await expect(page.getByRole('radio', { name: 'Brake Inspection' })).toBeChecked();
    report(found);
  });

  test("the demo customer's garage shows a job read at check-in, and a registration link fills the wizard", async ({ page }) => {
    const found: Found[] = [];
    await loginAs(page, DEMO.jane);
    await page.goto('/account/garage');
    await settled(page);
    const card = page.getByTestId('garage-vehicle').first();
    await expect(card).toContainText('Toyota Corolla');
    await expect(card).toContainText('2T1BURHE8KC123457');
    await expect(card.getByTestId('garage-job').filter({ hasText: /Odometer [\d,]+ mi/ }).first()).toBeVisible();
    await expect(card.getByRole('list', { name: /Odometer readings/ })).toBeVisible();
    await audit(page, 'demo garage', found, 'garage-demo');

    await page.goto('/account/maintenance/create?service=Oil%20Change&registration=JCP-4821');
    await expect(page.getByRole('radio', { name: 'Oil Change' })).toBeChecked();
    report(found);
  });
});
