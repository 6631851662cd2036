import type { Page } from '@playwright/test';
import { expect, registerUser, test } from './fixtures';
import { adminToken, auth, expectNoAxeViolations, postListing, publicVehicleId, settled, uniqueWord } from './quality-data';

// Buyers who come back: a saved search made from the list and managed in the account, saved cars
// that follow the account to another browser, and 'Price dropped' on a vehicle's page.

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

test('a customer saves the search from the list, then renames, re-times and deletes it', async ({ login, page }) => {
  // Three screens judged by axe at two widths each.
  test.slow();
  await login();
  await page.goto('/vehicle-sales?make=Toyota&max_price=40000&sort=price:asc');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog).toContainText('Filters: Toyota, up to $40,000');
  await axeAtBothWidths(page);
  const name = dialog.getByLabel('Name');
  await name.fill('');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByText('Please enter a name for this search')).toBeVisible();
  await name.fill('Cheap Toyotas');
  await dialog.getByLabel('E-mail me').selectOption('Weekly');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/account/saved-searches');
  await settled(page);
  // Found by its filters, which stay while the name is edited in a field.
  const card = page.getByRole('listitem').filter({ hasText: 'Toyota, up to $40,000' });
  await expect(card.getByRole('heading', { name: 'Cheap Toyotas' })).toBeVisible();
  await expect(card).toContainText('Toyota, up to $40,000');
  await expect(card.getByLabel('E-mail me')).toHaveValue('Weekly');
  await axeAtBothWidths(page);

  await card.getByRole('button', { name: 'Rename Cheap Toyotas' }).click();
  await card.getByLabel('Name').fill('Toyotas under 40k');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  const renamed = card;
  await expect(renamed.getByRole('heading', { name: 'Toyotas under 40k' })).toBeVisible();
  await renamed.getByLabel('E-mail me').selectOption('Instantly');
  await expect(page.getByText('Saved search updated').first()).toBeVisible();
  // The box shows the server's answer, so it changes once the request is done: a click, then a wait.
  await renamed.getByLabel('Send e-mails for this search').click();
  await expect(renamed.getByLabel('Send e-mails for this search')).not.toBeChecked();

  // After a reload, the changes are the server's.
  await page.reload();
  const kept = page.getByRole('listitem').filter({ hasText: 'Toyotas under 40k' });
  await expect(kept.getByLabel('E-mail me')).toHaveValue('Instantly');
  await expect(kept.getByLabel('Send e-mails for this search')).not.toBeChecked();
  await expect(kept.getByRole('link', { name: 'Show results' })).toHaveAttribute('href', '/vehicle-sales?make=Toyota&max_price=40000');

  await kept.getByRole('button', { name: 'Delete Toyotas under 40k' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'No saved searches yet' })).toBeVisible();
  await axeAtBothWidths(page);
});

test('a visitor asked to log in to save a search comes back to the same list', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.goto('/vehicles?fuelType=Hybrid');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or Username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/vehicles\?fuelType=Hybrid$/);
});

async function logInWithTheForm(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

test('cars saved before logging in follow the account to a fresh browser', async ({ browser, baseURL, page, request }) => {
  const vehicleId = await publicVehicleId(request);
  const user = await registerUser(request);
  // A visitor saves a car on this device, then logs in: the device's list joins the account.
  await page.goto(`/vehicles/${vehicleId}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Added to wishlist')).toBeVisible();
  await logInWithTheForm(page, user);
  await expect
    .poll(async () => (await (await request.get('/api/account/saved-vehicles', { headers: auth(user.token) })).json()).data.vehicleIds)
    .toEqual([vehicleId]);

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await logInWithTheForm(other, user);
  await other.goto('/saved');
  await expect(other.getByText('1 saved vehicle')).toBeVisible();
  // Removed here, it is gone from the account too.
  await other.getByRole('button', { name: /^Remove .* from saved vehicles$/ }).click();
  await expect
    .poll(async () => (await (await request.get('/api/account/saved-vehicles', { headers: auth(user.token) })).json()).data.vehicleIds)
    .toEqual([]);
  await fresh.close();
});

test("a vehicle's page says 'Price dropped' after a drop, and how long it has been listed", async ({ page, request }) => {
  const token = await adminToken(request);
  const title = `${uniqueWord('Drop')} Mazda CX-5`;
  const listing = await postListing(request, token, { make: 'Mazda', model: 'CX-5', year: 2021, price: 26500, title, status: 'available' });
  await page.goto(`/vehicles/${listing._id}`);
  await expect(page.getByText('Listed today')).toBeVisible();
  await expect(page.getByText(/Price dropped/)).toHaveCount(0);

  const form = new FormData();
  form.append('price', '25000');
  const res = await request.patch(`/api/vehicles/${listing._id}`, { headers: auth(token), multipart: form });
  expect(res.status()).toBe(200);
  // The server-rendered page (cached for visitors) shows it at once: the change emptied the caches.
  const html = await (await request.get(`/vehicles/${listing._id}`)).text();
  expect(html).toContain('Price dropped $1,500');
  await page.goto(`/vehicles/${listing._id}`);
  await expect(page.getByText('Price dropped $1,500')).toBeVisible();
  await axeAtBothWidths(page);
});

test('the unsubscribe page says when a link is not valid', async ({ page }) => {
  await page.goto('/saved-searches/unsubscribe?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Unsubscribe failed' })).toBeVisible();
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await axeAtBothWidths(page);
});

test("the listing wizard's price guide", async ({ login, page, request }) => {
  test.slow();
  const token = await adminToken(request);
  const model = uniqueWord('Guide');
  for (const price of [20000, 21000, 22000, 23000, 24000]) {
    await postListing(request, token, { make: 'Kia', model, year: 2020, price, title: `Kia ${model} ${price}`, status: 'available' });
  }
  await login();
  await page.goto('/account/vehicles/create');
  await page.getByLabel('Make').fill('Kia');
  await page.getByLabel('Model').fill(`${model}x`);
  await page.getByLabel('Year').fill('2021');
  await expect(page.getByText('Not enough comparable listings')).toBeVisible();
  await page.getByLabel('Model').fill(model);
  await expect(page.getByText(/5 comparable listings .* ask \$21,000 to \$23,000, typically \$22,000/)).toBeVisible();
  await axeAtBothWidths(page);
});
