import type { APIRequestContext, Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { expectNoAxeViolations, findFreeSlot, fullDate, showMonthOf, period, settled } from './quality-data';

// The product tried as a new customer would, at a phone's width and a desktop's: the booking ends on
// what was booked, the listing wizard says what buyers will see, the gallery follows a finger and
// opens full screen, and the footer gives the workshop as configured (server.ts sets it).

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
const WORKSHOP_ADDRESS = '77 Harbor Road, Portland, ME 04101';
const WORKSHOP_PHONE = '+1 (207) 555-0142';

/** A public listing with at least three photos. */
async function listingWithPhotos(request: APIRequestContext): Promise<{ id: string; count: number }> {
  // The newest pages may hold only listings other tests of this worker made (with fewer photos).
  for (let page = 1; page <= 10; page += 1) {
    const res = await request.get(`/api/vehicles?limit=30&page=${page}`);
    expect(res.status()).toBe(200);
    const vehicles = (await res.json()).data as { _id: string; images: unknown[] }[];
    const found = vehicles.find((v) => v.images.length >= 3);
    if (found) return { id: found._id, count: found.images.length };
    if (vehicles.length < 30) break;
  }
  throw new Error('no demo listing with three photos');
}

/** A sideways swipe across `selector`'s box with the mouse (pointer events, as a finger sends). */
async function swipeLeft(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y + 4, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.2, y + 6, { steps: 4 });
  await page.mouse.up();
}

/** Books the first free slot `daysAhead` on through the four steps (vehicle typed, contact from the profile). */
async function bookThroughWizard(
  page: Page,
  request: APIRequestContext,
  { category, service, daysAhead }: { category: string; service: string; daysAhead: number },
) {
  const slot = await findFreeSlot(request, daysAhead);
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.goto(`/account/maintenance/create?service=${category}`);
  await page.getByText(service).click();
  await next();
  await showMonthOf(page, slot.date);
  await page.getByRole('button', { name: new RegExp(`^${fullDate(slot.date)}`) }).click();
  await page.getByRole('tab', { name: period(slot.time) }).click();
  await page.getByRole('button', { name: slot.time, exact: true }).click();
  await next();
  await page.getByLabel('Vehicle Make').fill('Toyota');
  await page.getByLabel('Vehicle Model').fill('Corolla');
  await page.getByLabel('Registration Number').fill('E2E-4242');
  await next();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  return slot;
}

for (const viewport of WIDTHS) {
  test.describe(`new customers at ${viewport.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test('booking ends on the maintenance page showing what was booked, with a link to the history', async ({ page, request, login }) => {
      await login();
      const slot = await bookThroughWizard(page, request, { category: 'electrical', service: 'Battery Service', daysAhead: viewport.width === 375 ? 3 : 4 });
      await expect(page).toHaveURL(/\/maintenance$/);
      await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Maintenance appointment booked successfully!')).toBeVisible();
      const booked = page.getByRole('status').filter({ hasText: 'Your appointment is booked' });
      await expect(booked).toBeVisible();
      await expect(booked).toContainText('Battery Service');
      await expect(booked).toContainText(fullDate(slot.date));
      await expect(booked).toContainText(slot.time);
      await expectNoAxeViolations(page);
      await screenshot(page, `customers-booked-${viewport.width}`, { fullPage: false });

      // A reload does not claim a second booking.
      await page.reload();
      await expect(page.getByText('Your appointment is booked')).toHaveCount(0);
    });

    test('the history link of the confirmation shows the new appointment', async ({ page, request, login }) => {
      await login();
      await bookThroughWizard(page, request, { category: 'routine', service: 'Oil Change', daysAhead: viewport.width === 375 ? 5 : 6 });
      await page.getByRole('status').filter({ hasText: 'Your appointment is booked' }).getByRole('link', { name: 'View Maintenance History' }).click();
      await expect(page.getByRole('heading', { name: 'Your Maintenance History' })).toBeVisible();
      await expect(page.getByText('Oil Change').first()).toBeVisible();
    });

    test("the listing wizard's Year shows a hint, and the Contact step says what buyers will see", async ({ page, login }) => {
      const user = await login();
      await page.goto('/account/vehicles/create');
      const year = page.getByLabel('Year');
      await expect(year).toHaveValue('');
      await expect(year).toHaveAttribute('placeholder', 'e.g. 2019');
      await page.getByRole('button', { name: /Next/ }).click();
      await expect(page.getByText('Year must be a valid year')).toBeVisible();
      await expect(year).toHaveAccessibleDescription(/Four digits, 1900 to \d{4}/);
      await expectNoAxeViolations(page);
      await screenshot(page, `customers-year-hint-${viewport.width}`, { fullPage: false });

      await page.getByRole('tab', { name: /Contact Info/ }).click();
      await expect(page.getByLabel('Location')).toHaveValue(user.address);
      await expect(page.getByLabel('Phone')).toHaveValue(user.phone);
      const email = page.getByLabel('Email (optional)');
      await expect(email).toHaveAccessibleDescription(`Leave it empty and buyers see your account e-mail, ${user.email}.`);
      const preview = page.getByTestId('buyers-will-see');
      await expect(preview).toHaveText(`Buyers will see: ${user.phone} · ${user.email}`);
      await expectNoAxeViolations(page);
      await screenshot(page, `customers-contact-step-${viewport.width}`);
      await email.fill('sales@example.com');
      await expect(preview).toHaveText(`Buyers will see: ${user.phone} · sales@example.com`);
    });

    test('the gallery follows a swipe, and a tap opens the photos full screen', async ({ page, request }) => {
      const { id, count } = await listingWithPhotos(request);
      await page.goto(`/vehicles/${id}`);
      const counter = page.getByTestId('carousel-counter');
      await expect(counter).toHaveText(`1 / ${count}`);
      await swipeLeft(page, '[aria-roledescription="carousel"] > div');
      await expect(counter).toHaveText(`2 / ${count}`);
      // The swipe opened nothing.
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: `View photo 2 of ${count} full screen` }).click();
      const viewer = page.getByRole('dialog', { name: /^Photos of / });
      await expect(viewer).toBeVisible();
      const viewerCounter = viewer.getByTestId('photo-viewer-counter');
      await expect(viewerCounter).toHaveText(`2 / ${count}`);
      const box = (await viewer.boundingBox())!;
      expect(box.width).toBe(viewport.width);
      expect(box.height).toBe(viewport.height);
      await expectNoAxeViolations(page);
      await screenshot(page, `customers-photo-viewer-${viewport.width}`, { fullPage: false });

      await viewer.getByRole('button', { name: 'Next image' }).click();
      await expect(viewerCounter).toHaveText(`3 / ${count}`);
      await page.keyboard.press('ArrowLeft');
      await expect(viewerCounter).toHaveText(`2 / ${count}`);
      await swipeLeft(page, '[data-testid="photo-viewer"] .touch-pan-y');
      await expect(viewerCounter).toHaveText(`3 / ${count}`);
      // Focus stays inside: Tab cycles through the viewer's controls only.
      for (let i = 0; i < 5; i += 1) {
        await page.keyboard.press('Tab');
        expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
      await expect(counter).toHaveText(`3 / ${count}`);
      await expect(page.getByRole('button', { name: `View photo 3 of ${count} full screen` })).toBeFocused();
    });

    test('the footer gives the workshop address and phone as configured, rendered by the server', async ({ page, request }) => {
      const html = await (await request.get('/')).text();
      expect(html).toContain(WORKSHOP_ADDRESS);
      await page.goto('/');
      await settled(page);
      const contact = page.getByRole('region', { name: 'Contact Us' });
      await expect(contact).toContainText(WORKSHOP_ADDRESS);
      await expect(contact.getByRole('link', { name: WORKSHOP_PHONE })).toHaveAttribute('href', 'tel:+12075550142');
      await expectNoAxeViolations(page);
    });
  });
}
