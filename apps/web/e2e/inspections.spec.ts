import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginAs, screenshot, test } from './fixtures';
import { adminToken, apiToken, auth, expectNoAxeViolations, expectSignedPhotoLoaded, makePng, scheduledWalkIn, settled } from './quality-data';

// The technician's inspection on a phone: opened from the job's card on the board, conditions, notes, a
// photo taken with the camera input, a free item added and removed, a refusal shown as a message; the
// same by keyboard only at 1280 px; axe at 375 and 1280 px.

const DANA = { emailOrUsername: 'dana@apexmotors.test', password: 'Technician123!' };

/**
 * A job assigned to Dana Lee (the demo technician), checked in by the admin: today if she has a free hour
 * left, else on the next day she has one (late in the workshop's day other tests have taken her last hours).
 */
async function checkedInJob(request: APIRequestContext) {
  // Dana first: signing in within the same request context ends the session before it.
  const me = await request.get('/api/users/profile', { headers: auth(await apiToken(request, DANA)) });
  const technicianId = (await me.json()).data._id as string;
  const { id, registration, date, token } = await scheduledWalkIn(request, { prefix: 'INS', technicianId, days: 7 });
  const checkIn = await request.post(`/api/workshop/jobs/${id}/check-in`, { headers: auth(token), data: { odometer: 40210, fuelLevel: 'Full' } });
  expect(checkIn.status(), await checkIn.text()).toBe(200);
  return { id, registration, date };
}

const item = (page: Page, label: string) => page.getByTestId('inspection-item').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
const saveState = (page: Page, label: string) => item(page, label).getByTestId('save-state');

test.describe('inspection', () => {
  test('a technician inspects a checked-in job on a phone: conditions, a note, a photo, an added item', async ({ page, request }) => {
    test.slow();
    const job = await checkedInJob(request);
    await page.setViewportSize({ width: 375, height: 812 });
    await loginAs(page, DANA);
    await page.goto(`/admin/workshop?date=${job.date}`);
    await settled(page);
    await page.getByTestId('job-card').filter({ hasText: job.registration }).getByRole('link', { name: `Inspection ${job.registration}` }).click();
    await expect(page.getByRole('heading', { name: 'Inspection', level: 1 })).toBeVisible();
    await expect(page.getByTestId('inspection-item')).toHaveCount(8);
    await expect(page.getByTestId('inspection-progress')).toHaveText('0 of 8 items checked · 0 needs attention now · 0 needs attention soon');

    // Big targets: each condition is at least 44 px high on a phone.
    const soon = item(page, 'Tyres').getByText('Needs attention soon', { exact: true });
    expect((await soon.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await soon.click();
    await expect(saveState(page, 'Tyres')).toHaveText('Saved');
    await expect(item(page, 'Tyres').getByRole('radio', { name: 'Needs attention soon' })).toBeChecked();
    await item(page, 'Brakes').getByText('Needs attention now', { exact: true }).click();
    await expect(saveState(page, 'Brakes')).toHaveText('Saved');
    await item(page, 'Fluids').getByText('Good', { exact: true }).click();
    await expect(saveState(page, 'Fluids')).toHaveText('Saved');

    await item(page, 'Tyres').getByLabel('Note on Tyres').fill('Front left at 3 mm');
    await expect(saveState(page, 'Tyres')).toHaveText(/Unsaved changes|Saving…|Saved/);
    await expect(saveState(page, 'Tyres')).toHaveText('Saved');

    // The camera input: a photo of the worn pads.
    const camera = item(page, 'Brakes').locator('input[type="file"]');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await camera.setInputFiles({ name: 'pads.png', mimeType: 'image/png', buffer: makePng([120, 80, 60], 320, 240) });
    await expect(item(page, 'Brakes').getByRole('img', { name: 'Photo 1 of Brakes' })).toBeVisible();
    await expect(saveState(page, 'Brakes')).toHaveText('Photo added');
    await expectSignedPhotoLoaded(item(page, 'Brakes').getByRole('img', { name: 'Photo 1 of Brakes' }));
    // A file that is not an image is refused with the server's message.
    await camera.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(saveState(page, 'Brakes')).toHaveText('Not saved: Only PNG or JPEG images are accepted');

    // A free item: refused without a name, then added and removed.
    const addButton = page.getByRole('button', { name: 'Add item' });
    await addButton.click();
    await expect(page.getByText('Name the item to inspect')).toBeVisible();
    await page.getByLabel('Another item to inspect').fill('Exhaust');
    await addButton.click();
    await expect(page.getByTestId('inspection-item')).toHaveCount(9);
    await expect(item(page, 'Tyres').getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await screenshot(page, 'inspection-375');
    await item(page, 'Exhaust').getByRole('button', { name: 'Remove Exhaust' }).click();
    await expect(page.getByTestId('inspection-item')).toHaveCount(8);

    // Kept: a fresh load shows what was saved.
    await page.reload();
    await settled(page);
    await expect(item(page, 'Tyres').getByRole('radio', { name: 'Needs attention soon' })).toBeChecked();
    await expect(item(page, 'Tyres').getByLabel('Note on Tyres')).toHaveValue('Front left at 3 mm');
    await expect(item(page, 'Brakes').getByRole('img', { name: 'Photo 1 of Brakes' })).toBeVisible();
    await expect(page.getByTestId('inspection-progress')).toHaveText('3 of 8 items checked · 1 needs attention now · 1 needs attention soon');
    await expectNoAxeViolations(page);
  });

  test('the same by keyboard only at 1280 px: from the board to a condition, a note and a photo', async ({ page, request }) => {
    test.slow();
    const job = await checkedInJob(request);
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, DANA);
    await page.goto(`/admin/workshop?date=${job.date}`);
    await settled(page);
    await page.getByTestId('job-card').filter({ hasText: job.registration }).getByRole('link', { name: `Inspection ${job.registration}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Inspection', level: 1 })).toBeVisible();

    // Into the first item's radio group, then the arrows choose.
    await item(page, 'Tyres').getByRole('radio', { name: 'Good' }).focus();
    await page.keyboard.press('Space');
    await expect(saveState(page, 'Tyres')).toHaveText('Saved');
    await page.keyboard.press('ArrowRight');
    await expect(item(page, 'Tyres').getByRole('radio', { name: 'Needs attention soon' })).toBeChecked();
    await expect(saveState(page, 'Tyres')).toHaveText('Saved');
    await page.keyboard.press('Tab');
    await expect(item(page, 'Tyres').getByLabel('Note on Tyres')).toBeFocused();
    await page.keyboard.type('Rears at 4 mm');
    await page.keyboard.press('Tab');
    await expect(saveState(page, 'Tyres')).toHaveText('Saved');
    // The photo control is next: Space opens the camera (the file chooser here).
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'tyre.png', mimeType: 'image/png', buffer: makePng([40, 40, 40], 320, 240) });
    await expect(item(page, 'Tyres').getByRole('img', { name: 'Photo 1 of Tyres' })).toBeVisible();
    await screenshot(page, 'inspection-1280');
    await expectNoAxeViolations(page);
    const saved = await request.get(`/api/workshop/jobs/${job.id}/inspection`, { headers: auth(await adminToken(request)) });
    const tyres = (await saved.json()).data.items[0];
    expect(tyres).toMatchObject({ label: 'Tyres', condition: 'Needs attention soon', note: 'Rears at 4 mm' });
    expect(tyres.photos).toHaveLength(1);
  });
});
