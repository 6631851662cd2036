import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, loginAs, registerUser, screenshot, test } from './fixtures';
import { makePng } from './png';
import { axeBuilder } from './quality-data';

// The seller chooses the cover and the order of the photos, with the keyboard or by dragging, when
// creating and when editing; the public page then shows the chosen cover first.

test.describe.configure({ timeout: 180_000 });

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

/** Photos told apart by their width, which the server keeps for photos this small. */
const PHOTOS = [
  { name: 'front.png', width: 480, colour: [200, 40, 40] as [number, number, number] },
  { name: 'side.png', width: 440, colour: [40, 120, 200] as [number, number, number] },
  { name: 'back.png', width: 400, colour: [40, 170, 90] as [number, number, number] },
];
const file = (p: (typeof PHOTOS)[number]) => ({ name: p.name, mimeType: 'image/png', buffer: makePng(p.colour, p.width, 300) });

type Listing = { _id: string; status: string; images: { key: string; url: string; width?: number }[] };

async function apiToken(request: APIRequestContext, credentials: { emailOrUsername: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).tokens.accessToken as string;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function approve(request: APIRequestContext, adminToken: string, id: string) {
  // An approval names the revision the dealership reviewed, as the admin screen does.
  const seen = await request.get(`/api/vehicles/${id}`, { headers: auth(adminToken) });
  const revision = String((await seen.json()).data.revision);
  const res = await request.patch(`/api/vehicles/${id}`, { headers: auth(adminToken), multipart: { status: 'available', revision } });
  expect(res.status(), await res.text()).toBe(200);
}
async function publicListing(request: APIRequestContext, id: string): Promise<Listing> {
  const res = await request.get(`/api/vehicles/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as Listing;
}

const tiles = (page: Page) => page.getByTestId('photo-preview');
/**
 * Drags one photo tile onto another's place as a person does: press, move a little to start the drag,
 * glide to the target in steps, release. (A one-jump locator.dragTo was sometimes not taken as a drag
 * by the browser on a busy machine.)
 */
async function dragPhoto(page: Page, from: number, to: number) {
  await tiles(page).nth(to).scrollIntoViewIfNeeded();
  await tiles(page).nth(from).scrollIntoViewIfNeeded();
  // A focus moved by the previous step may still scroll the page: read the boxes once it has settled.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const source = (await tiles(page).nth(from).boundingBox())!;
  const start = { x: source.x + source.width / 2, y: source.y + source.height / 3 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 3 });
  // Where the target is now, after the drag started (the page may have moved under the pointer).
  const target = (await tiles(page).nth(to).boundingBox())!;
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 3, { steps: 12 });
  await page.mouse.up();
}
const tileIds = (page: Page) => tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-photo-id')));
const orderStatus = (page: Page) => page.getByTestId('photo-order-status');

/** axe on the photo step at both widths, then back to the test's width; screenshots of the photo area. */
async function auditPhotoStep(page: Page, name: string, width: number) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const result = await axeBuilder(page).analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe at ${size.width}px`,
    ).toEqual([]);
    const list = page.getByRole('list', { name: 'Selected photos' });
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, `photo-order-${name}-${size.width}`);
    await list.screenshot({
      path: path.join(import.meta.dirname, 'artifacts', 'screenshots', `photo-order-${name}-list-${size.width}.png`),
    });
  }
  await page.setViewportSize(WIDTHS.find((s) => s.width === width)!);
}

/** The cover on the public detail page is the given photo. */
async function expectPublicCover(page: Page, title: string, listing: Listing) {
  await page.goto(`/vehicles/${listing._id}`);
  const cover = page.getByRole('img', { name: `${title}, photo 1 of ${listing.images.length}` });
  await expect(cover).toBeVisible({ timeout: 20_000 });
  await expect(cover).toHaveAttribute('src', new RegExp(listing.images[0]!.key));
}

for (const size of WIDTHS) {
  test(`create at ${size.width} px: the keyboard makes the third photo the cover, a drag reorders, the public page shows that cover`, async ({
    login,
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    // The dealership's token first: a login in a request context ends the session its cookie held.
    const admin = await apiToken(request, DEMO.admin);
    const seller = await login();
    const make = `Ordo${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 5)}`;
    const title = `${make} Tourer with a chosen cover`;

    await page.goto('/account/vehicles/create');
    await page.getByLabel('Make').fill(make);
    await page.getByLabel('Model').fill('Tourer');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Price ($)').fill('18400');
    await page.getByLabel('Listing Title').fill(title);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Vehicle Photos' })).toBeVisible();

    await page.getByLabel(/Click to upload photos/).setInputFiles(PHOTOS.map(file));
    await expect(tiles(page)).toHaveCount(3);
    const [front, side, back] = await tileIds(page);
    await expect(tiles(page).first().getByText('Cover')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();

    // Keyboard: Tab from the second photo's last control to the third photo's cover button, then Enter.
    await page.getByRole('button', { name: 'Move photo 2 right' }).focus();
    await page.keyboard.press('Tab'); // Remove photo 3
    await page.keyboard.press('Tab'); // Move photo 3 left
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Make photo 3 the cover' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => tileIds(page)).toEqual([back, front, side]);
    await expect(orderStatus(page)).toHaveText('Photo 3 moved to position 1, the cover');
    await expect(tiles(page).first().getByText('Cover')).toBeVisible();
    // Focus stays with the moved photo, now first.
    await expect(page.getByRole('button', { name: 'Move photo 1 right' })).toBeFocused();

    // Mouse: drag the third photo (side) onto the second place.
    await dragPhoto(page, 2, 1);
    await expect.poll(() => tileIds(page)).toEqual([back, side, front]);
    await expect(orderStatus(page)).toHaveText('Photo 3 moved to position 2');

    await auditPhotoStep(page, 'create', size.width);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Vehicle created successfully!')).toBeVisible({
      timeout: 30_000,
    });

    const mine = await page.request.get('/api/vehicles/mine', { headers: auth(seller.token) });
    const created = ((await mine.json()).data as (Listing & { title: string })[]).find((v) => v.title === title)!;
    expect(created.status).toBe('pending');
    expect(created.images.map((i) => i.width)).toEqual([400, 440, 480]);

    await approve(request, admin, created._id);
    const shown = await publicListing(request, created._id);
    expect(shown.images.map((i) => i.key)).toEqual(created.images.map((i) => i.key));
    await expectPublicCover(page, title, shown);
  });

  test(`edit at ${size.width} px: reordering alone keeps the listing live and changes the public cover`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    const admin = await apiToken(request, DEMO.admin);
    const seller = await registerUser(request);
    const title = `Reorder ${randomUUID().slice(0, 6)} Hatchback`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ make: 'Mazda', model: 'Hatch', year: '2018', price: '9900', title })) form.append(k, v);
    for (const p of PHOTOS) form.append('images', new Blob([new Uint8Array(file(p).buffer)], { type: 'image/png' }), p.name);
    const res = await request.post('/api/vehicles', { headers: auth(seller.token), multipart: form });
    expect(res.status(), await res.text()).toBe(201);
    const created = (await res.json()).data as Listing;
    await approve(request, admin, created._id);
    const [front, side, back] = created.images.map((i) => i.key);

    await loginAs(page, { emailOrUsername: seller.email, password: seller.password });
    await page.goto(`/account/vehicles/${created._id}/edit`);
    await page.getByRole('tab', { name: /Photos/ }).click();
    await expect(tiles(page)).toHaveCount(3);
    await expect.poll(() => tileIds(page)).toEqual([front, side, back]);

    // Keyboard: move the second photo left, so it becomes the cover.
    await page.getByRole('button', { name: 'Move photo 2 left' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => tileIds(page)).toEqual([side, front, back]);
    await expect(orderStatus(page)).toHaveText('Photo 2 moved to position 1, the cover');
    // Drag: the first photo (side) onto the last place.
    await dragPhoto(page, 0, (await tiles(page).count()) - 1);
    await expect.poll(() => tileIds(page)).toEqual([front, back, side]);
    await expect(orderStatus(page)).toHaveText('Photo 1 moved to position 3');
    // Then make the back photo the cover with a click.
    await page.getByRole('button', { name: 'Make photo 2 the cover' }).click();
    await expect.poll(() => tileIds(page)).toEqual([back, front, side]);

    await auditPhotoStep(page, 'edit', size.width);

    await page.getByRole('tab', { name: /Contact Info/ }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    const notifications = page.getByRole('region', { name: /Notifications/ });
    await expect(notifications.getByText('Vehicle updated successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(notifications.getByText(/awaiting review/)).toHaveCount(0);

    const shown = await publicListing(request, created._id);
    expect(shown.status).toBe('available');
    expect(shown.images.map((i) => i.key)).toEqual([back, front, side]);
    await expectPublicCover(page, title, shown);
  });

  test(`admin edit at ${size.width} px: the dealership's form orders photos the same way`, async ({ loginAdmin, page, request }) => {
    await page.setViewportSize(size);
    const seller = await registerUser(request);
    const title = `Admin order ${randomUUID().slice(0, 6)} Saloon`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ make: 'Volvo', model: 'S60', year: '2017', price: '12900', title })) form.append(k, v);
    for (const p of PHOTOS) form.append('images', new Blob([new Uint8Array(file(p).buffer)], { type: 'image/png' }), p.name);
    const res = await request.post('/api/vehicles', { headers: auth(seller.token), multipart: form });
    expect(res.status(), await res.text()).toBe(201);
    const created = (await res.json()).data as Listing;
    const [front, side, back] = created.images.map((i) => i.key);

    const admin = await loginAdmin();
    await page.goto(`/admin/vehicles/${created._id}/edit?step=3`);
    await expect(page.getByRole('heading', { name: 'Vehicle Photos' })).toBeVisible({ timeout: 30_000 });
    await expect(tiles(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Make photo 3 the cover' }).focus();
    await page.keyboard.press('Enter');
    await expect(orderStatus(page)).toHaveText('Photo 3 moved to position 1, the cover');
    await dragPhoto(page, 1, 2);
    await expect.poll(() => tileIds(page)).toEqual([back, side, front]);

    await page.getByRole('tab', { name: /Contact Info/ }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/admin\/vehicles$/, { timeout: 30_000 });
    const after = await request.get(`/api/vehicles/${created._id}`, { headers: auth(admin.tokens.accessToken) });
    const saved = (await after.json()).data as Listing;
    expect(saved.images.map((i) => i.key)).toEqual([back, side, front]);
    expect(saved.status).toBe('pending');
  });
}
