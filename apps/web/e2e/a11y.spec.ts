import type { Page } from '@playwright/test';
import { audit, report, visit, type Found } from './axe-audit';
import { expect, test } from './fixtures';
import {
  adminToken,
  axeBuilder,
  customerWithData,
  findFreeSlot,
  fullDate,
  showMonthOf,
  period,
  publicVehicleId,
  settled,
} from './quality-data';

// axe-core on every screen of the spec at 375 px and 1280 px (the rules in AXE_TAGS), 0 violations.

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

test.describe('accessibility (axe)', () => {
  // The file's tests share nothing (each signs in for itself on its worker's own server): they are spread over
  // the workers instead of running one after the other on one, which left the other idle at the end of CI's run.
  test.describe.configure({ mode: 'parallel' });

  // One test per visitor screen, and the customer's screens in small groups: a long list in one test
  // outran a test's time on a busy machine (axe reads each screen twice).
  for (const [url, screen] of [
    ['/', 'home'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/maintenance', 'maintenance'],
    ['/vehicle-sales', 'vehicle sales'],
    ['/vehicles', 'vehicles'],
    ['/vehicles?bodyType=SUV&drivetrain=AWD', 'vehicles by body type and drivetrain'],
    ['/vehicles/:id', 'vehicle detail'],
    ['/services', 'services'],
    ['/about', 'about'],
    ['/contact', 'contact'],
    ['/reminders/unsubscribe?token=not-a-real-token', 'reminders unsubscribe'],
    ['/no-such-page', 'not found'],
  ] as const) {
    test(`visitor screen: ${screen}`, async ({ page, request }) => {
      const found: Found[] = [];
      const address = url.includes(':id') ? url.replace(':id', await publicVehicleId(request)) : url;
      await visit(page, address, screen, found);
      report(found);
    });
  }

  const CUSTOMER_SCREENS = [
    [
      ['/account', 'account overview'],
      ['/account/profile', 'profile'],
      ['/account/purchases', 'purchases'],
      ['/account/maintenance/history', 'maintenance history'],
    ],
    [
      ['/account/vehicles', 'my vehicles'],
      ['/account/test-drives', 'my test drives'],
      ['/account/reservations', 'my reservations'],
      ['/account/garage', 'my garage'],
    ],
  ] as const;
  for (const screens of CUSTOMER_SCREENS) {
    test(`customer screens: ${screens.map(([, screen]) => screen).join(', ')}`, async ({ login, page, request }) => {
      test.slow();
      const found: Found[] = [];
      const { user } = await customerWithData(request);
      await login(user);
      for (const [url, screen] of screens) await visit(page, url, screen, found);
      report(found);
    });
  }

  test('the create vehicle wizard, step by step', async ({ login, page }) => {
    test.slow();
    const found: Found[] = [];
    await login();
    await visit(page, '/account/vehicles/create', 'create vehicle step 1', found);
    await page.getByLabel('Make').fill('Subaru');
    await page.getByLabel('Model').fill('Outback');
    await page.getByLabel('Year').fill('2019');
    await page.getByLabel('Price ($)').fill('21000');
    await page.getByLabel('Listing Title').fill('Subaru Outback for the quality suite');
    await next(page);
    await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
    await audit(page, 'create vehicle step 2', found);
    await page.getByLabel('Description').fill('Tidy family estate, full service history, new tyres last spring.');
    await next(page);
    await expect(page.getByRole('heading', { name: 'Vehicle Photos' })).toBeVisible();
    await audit(page, 'create vehicle step 3', found);
    await next(page);
    await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
    await audit(page, 'create vehicle step 4', found);
    report(found);
  });

  test('the booking wizard, step by step', async ({ login, page, request }) => {
    test.slow();
    const found: Found[] = [];
    await login();
    const slot = await findFreeSlot(request, 3);
    await visit(page, '/account/maintenance/create?service=routine', 'booking step 1', found);
    await page.getByText('Oil Change').click();
    await next(page);
    await expect(page.getByRole('heading', { name: /^Step 2 of 4/ })).toBeVisible();
    await showMonthOf(page, slot.date);
    await page.getByRole('button', { name: new RegExp(`^${fullDate(slot.date)}`) }).click();
    await page.getByRole('tab', { name: period(slot.time) }).click();
    await page.getByRole('button', { name: slot.time, exact: true }).click();
    await audit(page, 'booking step 2', found);
    await next(page);
    await expect(page.getByRole('heading', { name: /^Step 3 of 4/ })).toBeVisible();
    await audit(page, 'booking step 3', found);
    await page.getByLabel('Vehicle Make').fill('Toyota');
    await page.getByLabel('Vehicle Model').fill('Corolla');
    await page.getByLabel('Registration Number').fill('QA-7788');
    await next(page);
    await expect(page.getByRole('heading', { name: /^Step 4 of 4/ })).toBeVisible();
    await audit(page, 'booking step 4', found);
    report(found);
  });

  // Two tests of five screens each at both widths: ten in one outran a test's time on a busy machine.
  test('admin screens: dashboard, profile and vehicles', async ({ loginAdmin, page, request }) => {
    test.slow();
    const found: Found[] = [];
    const vehicleId = await publicVehicleId(request);
    expect(await adminToken(request)).toBeTruthy();
    await loginAdmin();
    for (const [url, screen] of [
      ['/admin', 'admin dashboard'],
      ['/admin/profile', 'admin profile'],
      ['/admin/vehicles', 'admin vehicles list'],
      ['/admin/vehicles/new', 'admin new vehicle'],
      [`/admin/vehicles/${vehicleId}`, 'admin vehicle detail'],
      [`/admin/vehicles/${vehicleId}/edit`, 'admin vehicle edit'],
    ] as const) {
      await visit(page, url, screen, found);
    }
    report(found);
  });

  test('admin screens: maintenance and users', async ({ loginAdmin, page, request }) => {
    test.slow();
    const found: Found[] = [];
    const { user, appointment } = await customerWithData(request);
    expect(await adminToken(request)).toBeTruthy();
    await loginAdmin();
    for (const [url, screen] of [
      ['/admin/maintenance', 'admin maintenance list'],
      [`/admin/maintenance/${appointment._id}`, 'admin maintenance detail'],
      ['/admin/users', 'admin users list'],
      [`/admin/users/${user.id}`, 'admin user detail'],
    ] as const) {
      await visit(page, url, screen, found);
    }
    report(found);
  });

  test('admin screens of the sales desk and the settings', async ({ loginAdmin, page, request }) => {
    test.slow();
    const found: Found[] = [];
    const token = await adminToken(request);
    const leads = await request.get('/api/admin/leads?limit=1', { headers: { authorization: `Bearer ${token}` } });
    const leadId = ((await leads.json()).data as { _id: string }[])[0]!._id;
    await loginAdmin();
    for (const [url, screen] of [
      ['/admin/workshop/settings', 'admin workshop settings'],
      ['/admin/leads', 'admin leads inbox'],
      [`/admin/leads/${leadId}`, 'admin lead detail'],
      ['/admin/test-drives', 'admin test drives'],
      ['/admin/test-drives/settings', 'admin test drive settings'],
      ['/admin/reservations', 'admin reservations'],
    ] as const) {
      await visit(page, url, screen, found);
    }
    report(found);
  });

  test('workshop screens: the board (day and week), check-in, inspection and My Jobs', async ({ loginAdmin, page, request }) => {
    test.setTimeout(360_000);
    const found: Found[] = [];
    const token = await adminToken(request);
    // A job of the demo week still waiting for its car: the check-in form.
    const board = await request.get('/api/workshop/board?view=week', { headers: { authorization: `Bearer ${token}` } });
    const jobs = (await board.json()).data.jobs as { _id: string; stage: string }[];
    const scheduledJob = jobs.find((j) => j.stage === 'Scheduled')!._id;
    // The demo's inspected job (a checked-in job of today, its checklist filled, with a photo).
    const inspected = await Promise.all(
      jobs.filter((j) => !['Scheduled', 'Completed'].includes(j.stage)).map(async (j) => {
        const res = await request.get(`/api/workshop/jobs/${j._id}/inspection`, { headers: { authorization: `Bearer ${token}` } });
        return (await res.json()).data?.items?.some((i: { condition: string | null }) => i.condition !== null) ? j._id : null;
      }),
    );
    const inspectedJob = inspected.find(Boolean)!;
    await loginAdmin();
    for (const [url, screen] of [
      ['/admin/workshop', 'workshop board'],
      ['/admin/workshop?view=week', 'workshop board, week'],
      [`/admin/workshop/jobs/${scheduledJob}/check-in`, 'workshop check-in'],
      [`/admin/workshop/jobs/${inspectedJob}/inspection`, 'workshop inspection'],
      ['/admin/my-jobs', 'my jobs'],
    ] as const) {
      await visit(page, url, screen, found);
    }
    report(found);
  });

  test("axe's label-in-name rule is on: a control named apart from the text it shows is caught", async ({ login, page }) => {
    await login();
    await page.goto('/account');
    await settled(page);
    // The account menu's name before it said whose menu it is: it showed 'Jane Cooper', named 'Open account menu'.
    await page.getByRole('button', { name: /, account menu$/ }).evaluate((button) => button.setAttribute('aria-label', 'Open account menu'));
    const result = await axeBuilder(page).analyze();
    expect(result.violations.map((v) => v.id)).toContain('label-content-name-mismatch');
  });

  test('a fresh account with no data', async ({ login, page }) => {
    const found: Found[] = [];
    await login();
    await visit(page, '/account/maintenance/history', 'empty maintenance history', found);
    await visit(page, '/account/vehicles', 'empty my vehicles', found);
    report(found);
  });
});
