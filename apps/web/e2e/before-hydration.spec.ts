import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminToken, postListing, uniqueWord } from './quality-data';

// The vehicle lists are server-rendered, then hydrated. Their controls work before that (or without
// JavaScript at all): the filters and the sort are a GET form named as the URL keeps them, the pages
// links; the server answers the form's address with the URL the app would have built. Once hydrated,
// the app does the same without loading a new document.

test.describe.configure({ timeout: 180_000 });

/**
 * 14 public listings of a make no other listing has (pages of 12: two pages): 8 'Alpha' and 6 'Beta',
 * priced 10,000 to 23,000 in the order made.
 */
async function stockLot(request: APIRequestContext) {
  const admin = await adminToken(request);
  const make = uniqueWord('Hydr');
  for (let i = 0; i < 14; i++) {
    const model = i < 8 ? 'Alpha' : 'Beta';
    await postListing(request, admin, {
      make,
      model,
      year: 2012 + (i % 10),
      price: 10_000 + i * 1_000,
      title: `${make} ${model} ${i}`,
      condition: 'Excellent',
      mileage: 10_000,
      location: 'Austin, TX',
      transmission: 'Automatic',
      fuelType: 'Petrol',
    });
  }
  return make;
}

async function newPage(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

const count = (page: Page, n: number) => page.getByText(`${n} ${n === 1 ? 'vehicle' : 'vehicles'} found`, { exact: true });
const cards = (page: Page) => page.locator('article');
const filtersOf = (page: Page) => page.getByRole('region', { name: 'Filters' });
/** The address the page is at, without the origin. */
const at = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

let make: string;
test.beforeAll(async ({ request }) => {
  make = await stockLot(request);
});

test('without JavaScript: filters, sort and pages lead to the same URLs and results as the app', async ({ browser, baseURL }) => {
  const { context, page } = await newPage(browser, { baseURL, javaScriptEnabled: false });
  await page.goto('/vehicle-sales');
  const filters = filtersOf(page);
  // The make choices are in the server's HTML.
  await expect(filters.getByLabel('Make').locator('option', { hasText: `${make} (14)` })).toHaveCount(1);

  // Every field is submitted, the empty ones too: the server sends the browser on to the app's URL.
  await filters.getByLabel('Make').selectOption(make);
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicle-sales\\?make=${make}$`));
  await expect(count(page, 14)).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(filters.getByLabel('Model').locator('option')).toHaveText(['All models', 'Alpha (8)', 'Beta (6)']);

  await filters.getByLabel('Model').selectOption('Alpha');
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}&model=Alpha`);
  await expect(count(page, 8)).toBeVisible();

  // Choosing another make clears the model, which belonged to the old one.
  await filters.getByLabel('Make').selectOption('');
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  expect(at(page)).toBe('/vehicle-sales');

  // The sort keeps the filters and goes back to page 1.
  await page.goto(`/vehicle-sales?make=${make}&page=2`);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
  await page.getByRole('button', { name: 'Apply sort' }).click();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}&sort=price:desc`);
  await expect(cards(page).first()).toContainText('$23,000');
  await expect(page.getByLabel('Sort by')).toHaveValue('price:desc');

  // The pager is links with the list's query.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}&sort=price:desc&page=2`);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText('$11,000');
  await expect(cards(page).last()).toContainText('$10,000');
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Previous' }).click();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}&sort=price:desc`);

  // The default order is the app's URL without a sort; Reset Filters keeps the sort.
  await page.getByLabel('Sort by').selectOption({ label: 'Newest First' });
  await page.getByRole('button', { name: 'Apply sort' }).click();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}`);
  await page.goto(`/vehicles?make=${make}&sort=price:asc&page=2`);
  await filtersOf(page).getByRole('link', { name: 'Reset Filters' }).click();
  expect(at(page)).toBe('/vehicles?sort=price:asc');
  await context.close();
});

test('without JavaScript: odd values answer as the app does, and the phone shows the filters', async ({
  browser,
  baseURL,
  page: jsPage,
}) => {
  const { context, page } = await newPage(browser, { baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  await page.goto(`/vehicles?make=${make}`);
  const filters = filtersOf(page);
  // The Filters button could not open the panel: it is shown open.
  await expect(filters.getByRole('button', { name: /^Filters/ })).toBeHidden();
  await filters.getByLabel('Min price ($)').fill('20000');
  await filters.getByLabel('Max price ($)').fill('15000');
  await filters.getByLabel('Search').fill('   ');
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  // Blank search left out; a minimum above the maximum finds nothing, as in the app.
  expect(at(page)).toBe(`/vehicles?make=${make}&min_price=20000&max_price=15000`);
  await expect(count(page, 0)).toBeVisible();
  await expect(page.getByText('No vehicles found')).toBeVisible();
  await expect(filters.getByLabel('Min price ($)')).toHaveValue('20000');

  await jsPage.goto(`/vehicles?make=${make}&min_price=20000&max_price=15000`);
  await expect(count(jsPage, 0)).toBeVisible();
  await expect(jsPage.getByText('No vehicles found')).toBeVisible();

  // A price that is not a whole step of the box is taken as typed (the form checks nothing itself).
  await filters.getByLabel('Min price ($)').fill('21234');
  await filters.getByLabel('Max price ($)').fill('');
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  expect(at(page)).toBe(`/vehicles?make=${make}&min_price=21234`);
  await expect(count(page, 2)).toBeVisible();
  await context.close();
});

test('hydrated: the same controls work in the page, without loading a new document', async ({ page }) => {
  await page.goto('/vehicle-sales');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const filters = filtersOf(page);
  await expect(filters.getByRole('button', { name: 'Apply Filters' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply sort' })).toHaveCount(0);

  await filters.getByLabel('Make').selectOption(make);
  await expect(count(page, 14)).toBeVisible();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}`);
  await filters.getByLabel('Search').fill('Beta');
  await expect(count(page, 6)).toBeVisible();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}&search=Beta`);
  await filters.getByLabel('Search').fill('');
  await expect(count(page, 14)).toBeVisible();

  await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
  await expect(cards(page).first()).toContainText('$23,000');
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}&sort=price:desc&page=2`);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a change made before the app took over is applied once it has, not lost', async ({ browser, baseURL }) => {
  const { context, page } = await newPage(browser, { baseURL });
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // The app's scripts wait until the test lets them through: a slow phone.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back: wait for the server's markup instead.
  await page.goto('/vehicle-sales', { waitUntil: 'commit' });
  const filters = filtersOf(page);
  const toggle = filters.getByRole('button', { name: /^Filters/, includeHidden: true });
  // The phone's Filters button cannot work yet, and says so.
  await expect(toggle).toBeDisabled();
  await filters.getByLabel('Make').selectOption(make);
  release();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 });
  await expect(count(page, 14)).toBeVisible();
  expect(at(page)).toBe(`/vehicle-sales?make=${make}`);
  await expect(filters.getByLabel('Make')).toHaveValue(make);
  await expect(toggle).toBeEnabled();
  expect(problems).toEqual([]);
  await context.close();
});
