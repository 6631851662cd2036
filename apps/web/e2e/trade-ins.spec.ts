import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, registerUser, test } from './fixtures';
import { makePng } from './png';
import { expectNoAxeViolations, expectSignedPhotoLoaded, settled } from './quality-data';

// 'Value my trade-in': a customer sends their car with a photo from a car's page (signed out, the button
// leads to sign-in and back); a salesperson answers with an offer; the customer sees and accepts it at
// /account/trade-ins. The demo's expired offer says so. Each screen passes axe at 375 and 1280 px.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function axeAtBothWidths(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0]!);
}

test.describe('value my trade-in', () => {
  test('a customer sends a car with a photo from a car page, sales make an offer, the customer accepts it', async ({ page, request }) => {
    test.slow();
    const list = (await (await request.get('/api/vehicles?limit=12&sort=createdAt:asc')).json()) as { data: { _id: string; status: string }[] };
    const car = list.data.find((v) => v.status === 'available')!._id;
    const customer = await registerUser(request);

    // Signed out, the button leads to sign-in and back to this car.
    await page.goto(`/vehicles/${car}`);
    // By keyboard: the button takes focus and Enter works it.
    await page.getByRole('button', { name: 'Value my trade-in' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${car}$`));

    await page.getByRole('button', { name: 'Value my trade-in' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Value my trade-in' });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog, and Tab stays there.
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    // Sending it empty shows every message at once.
    await dialog.getByRole('button', { name: 'Send for valuation' }).click();
    await expect(dialog.getByText('Enter the VIN or the registration plate', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Answer the question: Tyres')).toBeVisible();
    await axeAtBothWidths(page, 'trade-in-form-errors');

    await dialog.getByLabel('Registration plate', { exact: true }).fill('TR 4D3 IN');
    await dialog.getByLabel('Make', { exact: true }).fill('Ford');
    await dialog.getByLabel('Model', { exact: true }).fill('Focus');
    await dialog.getByLabel('Year', { exact: true }).fill('2018');
    await dialog.getByLabel('Mileage (miles)', { exact: true }).fill('45000');
    await dialog.getByLabel('Accident history', { exact: true }).selectOption('none');
    await dialog.getByLabel('Service history', { exact: true }).selectOption('full');
    await dialog.getByLabel('Keys', { exact: true }).selectOption('two');
    await dialog.getByLabel('Warning lights on the dashboard', { exact: true }).selectOption('no');
    await dialog.getByLabel('Tyres', { exact: true }).selectOption('good');
    await dialog.getByLabel('Bodywork', { exact: true }).selectOption('fair');
    await dialog.getByLabel('Photos (optional)', { exact: true }).setInputFiles({ name: 'my-car.png', mimeType: 'image/png', buffer: makePng([200, 60, 60]) });
    await expect(dialog.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveText(/^my-car.png/);
    await dialog.getByRole('button', { name: 'Send for valuation' }).click();
    await expect(dialog.getByRole('status')).toContainText('your car is with our sales team');
    await dialog.getByRole('link', { name: 'See My Trade-ins' }).click();
    await expect(page).toHaveURL(/\/account\/trade-ins$/);
    const mine = page.getByTestId('trade-in').filter({ hasText: '2018 Ford Focus' });
    await expect(mine.getByText('Submitted')).toBeVisible();
    await expect(mine.getByText(/Our sales team is valuing your car/)).toBeVisible();

    // A salesperson answers with an offer.
    const admin = (await (await request.post('/api/auth/login', { data: DEMO.admin })).json()) as { tokens: { accessToken: string } };
    const salesperson = await registerUser(request);
    const promoted = await request.patch(`/api/users/${salesperson.id}/role`, { headers: { authorization: `Bearer ${admin.tokens.accessToken}` }, data: { role: 'SALES' } });
    expect(promoted.status(), await promoted.text()).toBe(200);
    await page.context().clearCookies();
    await loginAs(page, { emailOrUsername: salesperson.email, password: salesperson.password });
    await page.goto('/admin/trade-ins?status=Submitted');
    await settled(page);
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trade-ins' })).toBeVisible();
    await axeAtBothWidths(page, 'admin-trade-ins');
    await page.getByRole('link', { name: '2018 Ford Focus' }).first().click();
    await expect(page.getByRole('heading', { name: '2018 Ford Focus' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Photo 1 of the 2018 Ford Focus/ })).toBeVisible();
    await expectSignedPhotoLoaded(page.getByRole('img', { name: /Photo 1 of the 2018 Ford Focus/ }));
    await page.getByLabel('Offer (US dollars)').fill('9876.50');
    await page.getByLabel('Note for the customer (optional)').fill('Subject to a short inspection.');
    await axeAtBothWidths(page, 'admin-trade-in-detail');
    await page.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByText('Our offer: $9,876.50')).toBeVisible();

    // The customer sees the offer and accepts it.
    await page.context().clearCookies();
    await loginAs(page, { emailOrUsername: customer.email, password: customer.password });
    await page.goto('/account/trade-ins');
    await settled(page);
    const offered = page.getByTestId('trade-in').filter({ hasText: '2018 Ford Focus' });
    await expect(offered.getByText('$9,876.50')).toBeVisible();
    await expect(offered.getByText(/valid until \w+ \d+, \d{4}, \d+:\d{2} (AM|PM)/)).toBeVisible();
    await axeAtBothWidths(page, 'my-trade-ins-offer');
    await offered.getByRole('button', { name: 'Accept offer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accept offer' }).click();
    await expect(offered.getByText('Accepted')).toBeVisible();
    await expect(offered.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
  });

  test('an expired offer says so and cannot be accepted', async ({ page }) => {
    await loginAs(page, DEMO.sam);
    await page.goto('/account/trade-ins');
    await settled(page);
    const expired = page.getByTestId('trade-in').filter({ hasText: '2003 Honda Accord' });
    await expect(expired.getByTestId('offer-expired')).toHaveText(/^This offer expired on \w+ \d+, \d{4}, \d+:\d{2} (AM|PM)\.$/);
    await expect(expired.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
    await axeAtBothWidths(page, 'my-trade-ins-expired');
  });
});
