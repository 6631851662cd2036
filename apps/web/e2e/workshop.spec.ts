import type { APIRequestContext, Page } from '@playwright/test';
import type { WorkshopJob } from '@dealer/shared';
import { expect, loginAs, screenshot, test } from './fixtures';
import { adminToken, apiToken, auth, expectSignedPhotoLoaded, findFreeSlot, fullDate, makePng, scheduledWalkIn, settled } from './quality-data';

// The workshop floor: check-in with a damage photo by keyboard, moving a card by its menu at 375 and
// 1280 px, a stale move refused and the board refreshed, and a technician's My Jobs.

/** A Scheduled walk-in job today in a free hour (one the technician, if any, is free at too), with a registration no other job has. */
const jobToday = (request: APIRequestContext, technicianId: string | null = null) =>
  scheduledWalkIn(request, { prefix: 'E2E', ...(technicianId ? { technicianId } : {}), booking: { additionalNotes: 'Grinding noise from the rear brakes' } });

/**
 * A Scheduled job given to the technician, for My Jobs, on `date`: today while today has a free hour (a new
 * booking). After the workshop's last hour (CI runs at any time of day) it is one of the demo week's Scheduled
 * jobs of today; on a day the workshop does not open (a Sunday) it is a new booking on the next day with a free
 * hour, which My Jobs shows by its Next day button.
 */
async function jobFor(request: APIRequestContext, technicianId: string) {
  const today = (await (await request.get('/api/maintenance/settings')).json()).data.today as string;
  const booked = async () => ({ ...(await jobToday(request, technicianId)), today, service: 'Oil Change', notes: 'Grinding noise from the rear brakes', odometer: 1200 });
  if ((await findFreeSlot(request, 0)).date === today) return booked();
  const token = await adminToken(request);
  const board = await request.get(`/api/workshop/board?date=${today}&view=day`, { headers: auth(token) });
  expect(board.status(), await board.text()).toBe(200);
  const jobs = (await board.json()).data.jobs as WorkshopJob[];
  for (const job of jobs.filter((j) => j.stage === 'Scheduled' && j.resource === 'Service bay')) {
    const given = await request.patch(`/api/maintenance/${job._id}`, { headers: auth(token), data: { technicianId } });
    // The technician already works that hour: the next one.
    if (given.status() === 409) continue;
    expect(given.status(), await given.text()).toBe(200);
    return {
      id: job._id,
      registration: job.vehicle.registration,
      date: today,
      today,
      token,
      service: job.specificService,
      notes: job.additionalNotes ?? 'None',
      odometer: (job.lastOdometer ?? 0) + 1200,
    };
  }
  return booked();
}

const card = (page: Page, registration: string) => page.getByTestId('job-card').filter({ hasText: registration });
const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
const inColumn = (page: Page, stage: string, registration: string) => column(page, stage).getByTestId('job-card').filter({ hasText: registration });

test.describe('workshop', () => {
  test('checks a car in by keyboard, with a photo of its damage', async ({ loginAdmin, page, request }) => {
    const job = await jobToday(request);
    await loginAdmin();
    await page.goto(`/admin/workshop?date=${job.date}`);
    await settled(page);
    const link = card(page, job.registration).getByRole('link', { name: `Check in ${job.registration}` });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Check In', level: 1 })).toBeVisible();

    const odometer = page.getByLabel('Odometer reading (miles)');
    await odometer.focus();
    await page.keyboard.type('12.5');
    await page.keyboard.press('Tab'); // fuel level
    await page.keyboard.press('Tab'); // notes
    await page.keyboard.press('Tab'); // photos
    await page.getByRole('button', { name: 'Check in' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Enter the odometer reading in whole miles')).toBeVisible();
    await expect(page.getByText('Choose the fuel level').last()).toBeVisible();

    await odometer.fill('');
    await odometer.focus();
    await page.keyboard.type('48213');
    await page.getByLabel('Fuel level').focus();
    await page.getByLabel('Fuel level').selectOption('3/4');
    await page.getByLabel('Notes').focus();
    await page.keyboard.type('Scuff on the front left wheel arch.');
    await page.getByLabel('Photos of existing damage').setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: makePng([180, 60, 40], 200, 150) });
    await expect(page.getByRole('list', { name: 'Chosen photos' })).toContainText('damage.png');
    await page.getByRole('button', { name: 'Check in' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/admin\/workshop$/);
    await expect(page.getByText('Checked in', { exact: true }).first()).toBeVisible();
    const res = await request.get(`/api/workshop/jobs/${job.id}`, { headers: auth(job.token) });
    const data = (await res.json()).data;
    expect(data).toMatchObject({ stage: 'Checked in', checkIn: { odometer: 48213, fuelLevel: '3/4' } });
    expect(data.checkIn.photos).toHaveLength(1);
  });

  for (const width of [375, 1280]) {
    test(`moves a card with its menu at ${width} px, and a stale move refreshes the board`, async ({ loginAdmin, page, request }) => {
      const job = await jobToday(request);
      await page.setViewportSize({ width, height: 900 });
      await loginAdmin();
      await page.goto(`/admin/workshop?date=${job.date}`);
      await settled(page);
      await expect(inColumn(page, 'Scheduled', job.registration)).toBeVisible();

      // Keyboard: focus the menu button, open it with Enter, arrow to a stage, Enter moves.
      const move = card(page, job.registration).getByRole('button', { name: /^Move / });
      await move.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'In progress' })).toBeVisible();
      await page.getByRole('menuitem', { name: 'In progress' }).focus();
      await page.keyboard.press('Enter');
      await expect(inColumn(page, 'In progress', job.registration)).toBeVisible();
      await screenshot(page, `workshop-board-${width}`);

      // Someone else moves it meanwhile: this board still shows In progress; its move is refused.
      const other = await request.post(`/api/workshop/jobs/${job.id}/move`, { headers: auth(job.token), data: { from: 'In progress', to: 'Waiting for parts' } });
      expect(other.status()).toBe(200);
      await card(page, job.registration).getByRole('button', { name: /^Move / }).click();
      await page.getByRole('menuitem', { name: 'Ready for pickup' }).click();
      await expect(page.getByText('This job has moved to Waiting for parts. The board has been refreshed.')).toBeVisible();
      await expect(inColumn(page, 'Waiting for parts', job.registration)).toBeVisible();

      // The board by place: an oil change is in a service bay, not in the paint booth.
      await page.getByLabel('Place').selectOption('Paint booth');
      await expect(page).toHaveURL(/resource=Paint\+booth|resource=Paint%20booth/);
      await expect(card(page, job.registration)).toHaveCount(0);
      await page.getByLabel('Place').selectOption('Service bay');
      await expect(inColumn(page, 'Waiting for parts', job.registration)).toBeVisible();
    });
  }

  test("a technician's My Jobs shows the car, the service, the customer's notes and the check-in photos", async ({ page, request }) => {
    // Dana Lee, the demo technician, is assigned the job by id.
    const dana = { emailOrUsername: 'dana@apexmotors.test', password: 'Technician123!' };
    const danaToken = await apiToken(request, dana);
    const me = await request.get('/api/users/profile', { headers: auth(danaToken) });
    const job = await jobFor(request, (await me.json()).data._id as string);
    const checkIn = await request.post(`/api/workshop/jobs/${job.id}/check-in`, {
      headers: auth(job.token),
      multipart: { odometer: String(job.odometer), fuelLevel: 'Full', images: { name: 'dent.png', mimeType: 'image/png', buffer: makePng([60, 60, 180], 120, 90) } },
    });
    expect(checkIn.status(), await checkIn.text()).toBe(200);
    await loginAs(page, dana);
    await page.goto('/admin/my-jobs');
    await settled(page);
    const day = page.getByRole('navigation', { name: 'Day' });
    await expect(day.getByRole('heading')).toHaveText(/^Today, /);
    // A job on a later day (today the workshop is closed, or has closed): Next day until its day is on show.
    for (let step = 0; step < 7 && !(await day.getByRole('heading').textContent())!.includes(fullDate(job.date)); step += 1) {
      await day.getByRole('button', { name: 'Next day' }).click();
      await settled(page);
      // The Day bar stays while the next day loads: the button keeps the focus.
      await expect(day.getByRole('button', { name: 'Next day' })).toBeFocused();
    }
    await expect(day.getByRole('heading')).toContainText(fullDate(job.date));
    if (job.date !== job.today) await expect(page).toHaveURL(new RegExp(`date=${job.date}`));
    const item = page.getByRole('listitem').filter({ hasText: job.registration });
    await expect(item.getByText(job.service, { exact: true })).toBeVisible();
    await expect(item.getByText(job.notes, { exact: true }).first()).toBeVisible();
    await expect(item.getByRole('img', { name: 'Check-in photo 1 of 1' })).toBeVisible();
    await expectSignedPhotoLoaded(item.getByRole('img', { name: 'Check-in photo 1 of 1' }));
    await screenshot(page, 'my-jobs-1280');
  });
});
