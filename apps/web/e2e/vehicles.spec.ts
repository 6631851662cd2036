import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, screenshot, test } from './fixtures';
import { makePng } from './png';
import { apiToken, uniqueWord } from './quality-data';

// Each test makes its listings (photos included) through the API; give a busy machine room.
test.describe.configure({ timeout: 150_000 });

// ---------------------------------------------------------------------------------------------
// Test data: real PNGs made here, listings made through the API so each test owns its data.
// ---------------------------------------------------------------------------------------------

const COLOURS: [number, number, number][] = [
  [200, 40, 40],
  [40, 120, 200],
  [40, 170, 90],
  [220, 160, 30],
];
const pngFile = (name: string, colour = 0) => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(COLOURS[colour % COLOURS.length]!),
});

interface ListingInput {
  make: string;
  model: string;
  year: number;
  price: number;
  title: string;
  [field: string]: string | number;
}

async function createListing(request: APIRequestContext, token: string, fields: ListingInput, photos: Buffer[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  photos.forEach((buffer, i) =>
    form.append('images', new Blob([new Uint8Array(buffer)], { type: 'image/png' }), `photo-${i}.png`),
  );
  const res = await request.post('/api/vehicles', { headers: { authorization: `Bearer ${token}` }, multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; title: string; images: { key: string; url: string }[] };
}

async function getListing(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/vehicles/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { _id: string; price: number; status: string; images: { key: string }[] };
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: typeof text === 'string' });
const cards = (page: Page) => page.getByRole('link', { name: /^View Details/ });

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `vehicles-${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `vehicles-${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// ---------------------------------------------------------------------------------------------

test('browse, sort, page and filter; reload and back keep the URL', async ({ page, request }) => {
  const admin = await apiToken(request, DEMO.admin);
  const make = uniqueWord('Zorbex');
  const fuels = ['Petrol', 'Diesel', 'Hybrid', 'Electric'];
  // 14 public listings (the dealership's own go live at once): prices 10,000..23,000, years 2011..2024.
  for (let i = 0; i < 14; i++) {
    await createListing(request, admin, {
      make,
      model: `M${i}`,
      year: 2011 + i,
      price: 10_000 + i * 1_000,
      title: `${make} M${i} listing`,
      fuelType: fuels[i % fuels.length]!,
      transmission: i % 2 ? 'Manual' : 'Automatic',
      location: 'Springfield, IL',
      ...(i % 3 ? { mileage: 10_000 + i * 500 } : {}),
    });
  }

  await page.goto(`/vehicles?search=${make}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Vehicles' })).toBeVisible();
  await expect(page.getByText('14 vehicles found')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // Newest first by default: the last one created leads.
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(`${make} M13`);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
  await expect(page).toHaveURL(/sort=price%3Aasc/);
  await expect(page.getByRole('article').first()).toContainText('$10,000');
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(`${make} M0`);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('article').last()).toContainText('$23,000');
  await shots(page, 'list-filtered');

  await page.reload();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('price:asc');
  await expect(page.getByLabel('Search')).toHaveValue(make);
  await expect(page.getByRole('article').last()).toContainText('$23,000');

  await page.goBack();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('$10,000');

  // Filters: fuel type, price range and year range narrow the list and show the live count.
  await page.getByLabel('Fuel type').selectOption('Diesel');
  await expect(page.getByText('4 vehicles found')).toBeVisible();
  await expect(page).toHaveURL(/fuelType=Diesel/);
  await expect(page).not.toHaveURL(/page=/);
  await page.getByLabel('Min price ($)').fill('12000');
  await expect(page.getByText('3 vehicles found')).toBeVisible();
  await page.getByLabel('Max year').fill('2020');
  await expect(page.getByText('2 vehicles found')).toBeVisible();
  await expect(page).toHaveURL(/min_price=12000/);
  await expect(page).toHaveURL(/max_year=2020/);
  await page.getByLabel('Transmission').selectOption('Automatic');
  await expect(page.getByText('0 vehicles found')).toBeVisible();
  await expect(page.getByText('No vehicles found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or check back later')).toBeVisible();
  await page.getByLabel('Transmission').selectOption('');
  await expect(page.getByText('2 vehicles found')).toBeVisible();

  await page.reload();
  await expect(page.getByText('2 vehicles found')).toBeVisible();
  await expect(page.getByLabel('Fuel type')).toHaveValue('Diesel');
  await expect(page.getByLabel('Min price ($)')).toHaveValue('12000');
  await expect(page.getByLabel('Max year')).toHaveValue('2020');

  await page.getByRole('button', { name: 'Reset Filters' }).first().click();
  await expect(page).not.toHaveURL(/fuelType/);
  await expect(page.getByLabel('Search')).toHaveValue('');

  // The sales route: the same list and filters, sort kept in the URL.
  await page.goto('/vehicle-sales?sort=price:desc');
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicle Sales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Available Vehicles' })).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('price:desc');
  // The same filter panel as /vehicles.
  await expect(page.getByLabel('Search')).toBeVisible();
  await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await shots(page, 'sales');

  // A card leads to its detail page.
  await page.goto(`/vehicles?search=${make}&sort=price:asc`);
  await page.getByRole('link', { name: `View Details: ${make} M0 listing` }).click();
  await expect(page).toHaveURL(/\/vehicles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `${make} M0 listing` })).toBeVisible();
});

test('detail: carousel, specifications, contact links, save survives reload, share copies the link', async ({
  page,
  request,
  context,
}) => {
  const admin = await apiToken(request, DEMO.admin);
  const make = uniqueWord('Quellor');
  const vehicle = await createListing(
    request,
    admin,
    {
      make,
      model: 'Roadster',
      year: 2023,
      price: 48_250,
      title: `${make} Roadster GT`,
      condition: 'New',
      transmission: 'Manual',
      fuelType: 'Electric',
      exteriorColor: 'Racing Green',
      description: 'A showroom-fresh roadster with every option ticked.',
      location: 'Austin, TX',
      contactPhone: '+1 (555) 010-7788',
      contactEmail: 'sales-desk@example.com',
    },
    [makePng(COLOURS[0]!), makePng(COLOURS[1]!), makePng(COLOURS[2]!)],
  );
  await createListing(request, admin, {
    make,
    model: 'Coupe',
    year: 2022,
    price: 45_000,
    title: `${make} Coupe`,
    location: 'Austin, TX',
  });

  // No share sheet in this browser: Share falls back to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));

  await page.goto(`/vehicles/${vehicle._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${make} Roadster GT` })).toBeVisible();
  const counter = page.getByTestId('carousel-counter');
  await expect(counter).toHaveText('1 / 3');
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('2 / 3');
  await page.getByRole('button', { name: 'Show image 3' }).click();
  await expect(counter).toHaveText('3 / 3');
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(counter).toHaveText('1 / 3');
  await page.getByRole('button', { name: 'Previous image' }).click();
  await expect(counter).toHaveText('3 / 3');
  const shown = page.getByRole('img', { name: `${make} Roadster GT, photo 3 of 3` });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const specs = page.getByRole('region', { name: 'Specifications' });
  await expect(specs).toContainText('Mileage');
  await expect(specs).toContainText('N/A');
  await expect(specs).toContainText('Racing Green');
  await expect(specs).not.toContainText('Interior Color');
  await expect(page.getByText('A showroom-fresh roadster with every option ticked.')).toBeVisible();
  await expect(page.getByText(vehicle._id.slice(0, 8), { exact: true })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Listing summary' });
  await expect(summary).toContainText('$48,250');
  await expect(summary).toContainText('Austin, TX');
  await expect(summary.getByText('New', { exact: true })).toHaveClass(/emerald/);
  await expect(page.getByRole('region', { name: 'Seller Information' })).toContainText('Member since');
  await expect(page.getByRole('region', { name: 'Seller Information' })).toContainText('sales-desk@example.com');

  // Contact Seller: call, e-mail and WhatsApp to the listing's contact details, naming the listing.
  await page.getByRole('button', { name: 'Contact Seller' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Call/ })).toHaveAttribute('href', 'tel:+15550107788');
  const mail = await menu.getByRole('menuitem', { name: /Email/ }).getAttribute('href');
  expect(mail).toMatch(/^mailto:sales-desk@example\.com\?subject=/);
  expect(decodeURIComponent(mail!)).toContain(`Inquiry about ${make} Roadster GT`);
  const whatsapp = await menu.getByRole('menuitem', { name: 'WhatsApp' }).getAttribute('href');
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/15550107788\?text=/);
  expect(decodeURIComponent(whatsapp!.replace(/\+/g, ' '))).toContain(`${make} Roadster GT`);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Save: toggles on this device and survives a reload.
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(toast(page, 'Added to wishlist')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Saved' }).click();
  await expect(toast(page, 'Removed from wishlist')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');

  // Share without a share sheet: the link is copied and the user is told.
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

  // Similar Vehicles come from real listings (the same make first).
  const similar = page.getByRole('region', { name: 'Similar Vehicles' });
  await expect(similar.getByRole('link', { name: `View Details: ${make} Coupe` })).toBeVisible();
  await shots(page, 'detail');

  // The route-table path shows the same screen; an unknown id says so.
  await page.goto(`/vehicle/${vehicle._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${make} Roadster GT` })).toBeVisible();
  await page.goto(`/vehicles/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Vehicle Not Found' })).toBeVisible();
  await expect(page.getByText("The vehicle you're looking for doesn't exist.")).toBeVisible();
});

test('a photo that fails to load shows the placeholder; a listing without photos says so', async ({ page, request }) => {
  const admin = await apiToken(request, DEMO.admin);
  const make = uniqueWord('Brokil');
  const withPhoto = await createListing(
    request,
    admin,
    { make, model: 'One', year: 2020, price: 9_000, title: `${make} with photo` },
    [makePng(COLOURS[3]!)],
  );
  await createListing(request, admin, { make, model: 'Two', year: 2020, price: 8_000, title: `${make} without photo` });
  const requested: string[] = [];
  await page.route('**/uploads/vehicles/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 404, body: 'gone' });
  });

  await page.goto(`/vehicles?search=${make}`);
  const photoCard = page.getByRole('article', { name: `${make} with photo` });
  await expect(photoCard.getByRole('img', { name: 'Image unavailable' })).toBeVisible();
  await expect(page.getByRole('article', { name: `${make} without photo` }).getByText('No image')).toBeVisible();
  expect(requested.length).toBeGreaterThan(0);

  await page.goto(`/vehicles/${withPhoto._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${make} with photo` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: `Photos of ${make} with photo` }).getByRole('img', { name: 'Image unavailable' }),
  ).toBeVisible();
});

test('sell a car: four validated steps with three photos, pending in My Vehicles, edit photos, delete', async ({
  login,
  page,
  request,
}) => {
  const seller = await login();
  const make = uniqueWord('Vantor');
  const title = `${make} Estate, one owner`;

  await page.goto('/account/vehicles/create');
  await expect(page.getByRole('heading', { name: 'Create Vehicle Listing' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([/1.*Basic Info/, /2.*Vehicle Details/, /3.*Photos/, /4.*Contact Info/]);
  await expect(page.getByRole('heading', { name: 'Vehicle Basic Information' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/vehicle-sales');

  // Step 1: every required field's message, and the year bound.
  await page.getByRole('button', { name: 'Next' }).click();
  for (const message of [
    'Make is required',
    'Model is required',
    'Year must be a valid year',
    'Price is required',
    'Title is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Make').fill(make);
  await page.getByLabel('Model').fill('Estate');
  await page.getByLabel('Year').fill('1899');
  await page.getByLabel('Price ($)').fill('12500');
  await page.getByLabel('Listing Title').fill(title);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Year must be a valid year')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vehicle Basic Information' })).toBeVisible();
  await page.getByLabel('Year').fill('2016');
  await shots(page, 'wizard-step1');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the description's minimum.
  await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
  await expect(page.getByText(/Minimum 20 characters/)).toBeVisible();
  await page.getByLabel('Mileage (mi)').fill('64000');
  await page.getByLabel('Transmission').selectOption('Automatic');
  await page.getByLabel('Fuel Type').selectOption('Diesel');
  await page.getByLabel('Condition').selectOption('Good');
  await page.getByLabel('Exterior Color').fill('Blue');
  await page.getByLabel('Description').fill('Tidy car');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
  await page.getByLabel('Description').fill('Tidy family estate, full service history, new tyres last spring.');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: a file that is not a PNG/JPEG is refused here; three photos are accepted.
  await expect(page.getByRole('heading', { name: 'Vehicle Photos' })).toBeVisible();
  await expect(page.getByText(/up to 5x more inquiries/)).toBeVisible();
  await expect(page.getByText(/up to 10MB each/)).toBeVisible();
  const picker = page.getByLabel(/Click to upload photos/);
  await picker.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
  await expect(page.getByText('"notes.txt" is not a PNG or JPEG image.')).toBeVisible();
  await picker.setInputFiles([pngFile('front.png', 0), pngFile('side.png', 1), pngFile('back.png', 2)]);
  await expect(page.getByTestId('photo-preview')).toHaveCount(3);
  await expect(page.getByText('3 photos selected')).toBeVisible();
  await shots(page, 'wizard-photos');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: the e-mail is checked; the confirmation text is shown.
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expect(page.getByText(/you own this vehicle or are authorized to sell it/)).toBeVisible();
  await page.getByLabel('Location').fill('Springfield, IL');
  await page.getByLabel('Phone').fill('+1 555 010 4545');
  await page.getByLabel('Email (optional)').fill('not-an-email');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email (optional)').fill(seller.email);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(toast(page, 'Vehicle created successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, /awaiting review/)).toBeVisible();
  await expect(page).toHaveURL(/\/vehicle-sales$/);

  // My Vehicles: the listing, pending review, with its three photos.
  await page.goto('/account/vehicles');
  const row = page.getByRole('listitem', { name: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('pending', { exact: true })).toBeVisible();
  await expect(row).toContainText('3 photos');
  await expect(row).toContainText('$12,500');
  await expect(page.getByText(/awaiting review by our team/)).toBeVisible();
  await shots(page, 'my-vehicles');

  const mine = await page.request.get('/api/vehicles/mine', { headers: { authorization: `Bearer ${seller.token}` } });
  const listing = (await mine.json()).data.find((v: { title: string }) => v.title === title) as {
    _id: string;
    images: { key: string }[];
  };
  expect(listing.images).toHaveLength(3);
  const [first, second, third] = listing.images.map((img) => img.key);

  // Edit: prefilled; drop the second photo, add a new one, change the price; Update.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/vehicles/${listing._id}/edit$`));
  await expect(page.getByLabel('Make')).toHaveValue(make);
  await page.getByLabel('Price ($)').fill('11900');
  await page.getByRole('tab', { name: /Photos/ }).click();
  await expect(page.getByTestId('photo-preview')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(page.getByTestId('photo-preview')).toHaveCount(2);
  await page.getByLabel(/Click to upload photos/).setInputFiles([pngFile('interior.png', 3)]);
  await expect(page.getByTestId('photo-preview')).toHaveCount(3);
  await page.getByRole('tab', { name: /Contact Info/ }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Vehicle updated successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/account\/vehicles$/);
  await expect(row).toContainText('$11,900');
  await expect(row).toContainText('3 photos');

  const updated = await getListing(request, seller.token, listing._id);
  const keys = updated.images.map((img) => img.key);
  expect(keys.slice(0, 2)).toEqual([first, third]);
  expect(keys[2]).not.toBe(second);
  expect(keys).toHaveLength(3);

  // Delete with confirmation.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this listing?' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Vehicle deleted successfully!')).toBeVisible();
  await expect(page.getByText('You have not listed any vehicles yet')).toBeVisible();
  const gone = await request.get(`/api/vehicles/${listing._id}`, { headers: { authorization: `Bearer ${seller.token}` } });
  expect(gone.status()).toBe(404);
});

test('purchases: an honest empty state, then the vehicle the dealership recorded as sold to the user', async ({
  login,
  page,
  request,
}) => {
  const buyer = await login();
  await page.goto('/account/purchases');
  await expect(page.getByRole('heading', { name: 'My Purchases' })).toBeVisible();
  await expect(page.getByText('No purchases yet')).toBeVisible();

  const admin = await apiToken(request, DEMO.admin);
  const make = uniqueWord('Purchio');
  await createListing(
    request,
    admin,
    { make, model: 'Sedan', year: 2021, price: 21_300, title: `${make} Sedan`, status: 'sold', buyerId: buyer.id },
    [makePng(COLOURS[1]!)],
  );
  await page.reload();
  const item = page.getByRole('listitem', { name: `${make} Sedan` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('$21,300');
  await expect(item).toContainText('Purchased on');
  await item.getByRole('link', { name: 'View listing' }).click();
  // A sold listing stays reachable by its link, with a Sold badge.
  await expect(page.getByRole('heading', { level: 1, name: `${make} Sedan` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Listing summary' }).getByText('Sold', { exact: true })).toBeVisible();
});
