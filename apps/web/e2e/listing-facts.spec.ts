import { DEMO, expect, screenshot, test } from './fixtures';
import { apiToken, auth, expectNoAxeViolations, uniqueWord } from './quality-data';

// Body type, drivetrain, trim, VIN and stock number: the wizard, the detail page (the VIN's end only to visitors),
// and the body type filter with its live counts.

test.describe.configure({ timeout: 150_000 });

const VIN = '1HGCM82633A004352';

test('the wizard takes the listing facts, refuses a VIN with a wrong check digit, and the seller sees them', async ({
  login,
  page,
}) => {
  const seller = await login();
  const make = uniqueWord('Facto');
  const title = `${make} Crossover, one owner`;

  await page.goto('/account/vehicles/create');
  await page.getByLabel('Make').fill(make);
  await page.getByLabel('Model').fill('Crossover');
  await page.getByLabel('Year').fill('2019');
  await page.getByLabel('Price ($)').fill('23500');
  await page.getByLabel('Listing Title').fill(title);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
  await page.getByLabel('Body Type').selectOption('SUV');
  await page.getByLabel('Drivetrain').selectOption('AWD');
  await page.getByLabel('Trim').fill('Touring');
  await page.getByLabel('Stock Number').fill('FX-2019');
  // One character off: the check digit no longer matches.
  await page.getByLabel('VIN').fill('1HGCM82633A004353');
  await page.getByLabel('Description').fill('Tidy crossover, full service history, new tyres last spring.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('VIN check digit (9th character) does not match: check the VIN for a typo')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
  await page.getByLabel('VIN').fill('1HGCM82633A00435');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('VIN must be 17 characters')).toBeVisible();
  await page.getByLabel('VIN').fill('1hgcm82633a004352');
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `listing-facts-wizard-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Vehicle Photos' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Location').fill('Springfield, IL');
  await page.getByLabel('Phone').fill('+1 555 010 4545');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/vehicle-sales$/, { timeout: 20_000 });

  const mine = await page.request.get('/api/vehicles/mine', { headers: auth(seller.token) });
  const listing = (await mine.json()).data.find((v: { title: string }) => v.title === title);
  expect(listing).toMatchObject({ bodyType: 'SUV', drivetrain: 'AWD', trim: 'Touring', stockNumber: 'FX-2019', vin: VIN, vinLast6: '004352' });

  // The seller's edit form shows them back, the whole VIN included.
  await page.goto(`/account/vehicles/${listing._id}/edit`);
  await page.getByRole('tab', { name: /Vehicle Details/ }).click();
  await expect(page.getByLabel('Body Type')).toHaveValue('SUV');
  await expect(page.getByLabel('Drivetrain')).toHaveValue('AWD');
  await expect(page.getByLabel('VIN')).toHaveValue(VIN);
});

test('visitors see the last six characters of the VIN; the page they are sent never holds it whole', async ({ page, request }) => {
  const admin = await apiToken(request, DEMO.admin);
  const make = uniqueWord('Vinny');
  const form = new FormData();
  const fields = { make, model: 'Tourer', year: '2021', price: '31000', title: `${make} Tourer`, bodyType: 'Wagon', drivetrain: 'AWD', trim: 'Premium', vin: VIN, stockNumber: 'AM-9001' };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const created = await request.post('/api/vehicles', { headers: auth(admin), multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data._id as string;

  const html = await (await request.get(`/vehicles/${id}`)).text();
  expect(html).toContain('004352');
  expect(html).not.toContain(VIN);

  await page.goto(`/vehicles/${id}`);
  const specs = page.getByRole('region', { name: 'Specifications' });
  await expect(specs.getByText('Wagon')).toBeVisible();
  await expect(specs.getByText('AWD')).toBeVisible();
  await expect(specs.getByText('Premium')).toBeVisible();
  await expect(specs.getByText('VIN (last 6)')).toBeVisible();
  await expect(specs.getByText('004352', { exact: true })).toBeVisible();
  await expect(specs.getByText('AM-9001')).toBeVisible();
  await expect(page.getByText(VIN)).toHaveCount(0);
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await screenshot(page, `listing-facts-detail-${width}`);
  }
});

test('staff see the whole VIN on the admin vehicle screen', async ({ loginAdmin, page, request }) => {
  const admin = await apiToken(request, DEMO.admin);
  const make = uniqueWord('Staffo');
  const form = new FormData();
  for (const [key, value] of Object.entries({ make, model: 'Van', year: '2020', price: '27000', title: `${make} Van`, bodyType: 'Van', vin: VIN }))
    form.append(key, value);
  const created = await request.post('/api/vehicles', { headers: auth(admin), multipart: form });
  const id = (await created.json()).data._id as string;
  await loginAdmin();
  await page.goto(`/admin/vehicles/${id}`);
  await expect(page.getByRole('tabpanel', { name: 'Vehicle Details' }).getByText(VIN)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('filter the list by body type: live counts, the URL keeps it, every card matches', async ({ page, request }) => {
  const facets = await (await request.get('/api/vehicles/facets')).json();
  const suv = (facets.data.bodyTypes as { value: string; count: number }[]).find((f) => f.value === 'SUV')!;
  expect(suv.count).toBeGreaterThan(3);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/vehicle-sales');
    const toggle = page.getByRole('button', { name: /^Filters/ });
    if (await toggle.isVisible()) await toggle.click();
    const select = page.getByLabel('Body type');
    await expect(select.locator('option', { hasText: `SUV (${suv.count.toLocaleString('en-US')})` })).toHaveCount(1);
    await select.selectOption('SUV');
    await expect(page).toHaveURL(/[?&]bodyType=SUV(&|$)/);
    await expect(page.getByText(`${suv.count} vehicles found`)).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, `listing-facts-filter-${width}`);
  }

  // Every card on the page is an SUV.
  const list = await (await request.get('/api/vehicles?bodyType=SUV&limit=100')).json();
  expect(list.meta.itemCount).toBe(suv.count);
  expect((list.data as { bodyType: string }[]).every((v) => v.bodyType === 'SUV')).toBe(true);
  await expect(page.getByRole('link', { name: /^View Details/ })).toHaveCount(Math.min(12, suv.count));

  // A reload keeps the filter; a search for 'SUV' finds the same cars.
  await page.reload();
  await expect(page.getByLabel('Body type')).toHaveValue('SUV');
  const searched = await (await request.get('/api/vehicles?search=SUV&limit=100')).json();
  expect(searched.meta.itemCount).toBe(suv.count);
});
