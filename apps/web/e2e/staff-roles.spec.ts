import type { APIRequestContext, Page } from '@playwright/test';
import { audit, AUDIT_WIDTHS, report, visit, type Found } from './axe-audit';
import { expect, loginAs, registerUser, screenshot, test } from './fixtures';
import { adminToken, apiToken, auth, publicVehicleId, settled } from './quality-data';

// Each staff role signed in with its demo account: every part of /admin it works in passes axe at 375 and
// 1280 px, its menu holds only its sections, and another part's address sends it to its own (the API
// refuses the calls behind it). Then an admin makes a customer Sales by keyboard and takes it back.

const STAFF = {
  sales: { emailOrUsername: 'jordan', password: 'Sales123!' },
  advisor: { emailOrUsername: 'riley', password: 'Advisor123!' },
  technician: { emailOrUsername: 'dana', password: 'Technician123!' },
} as const;
type Staff = keyof typeof STAFF;

/** Each role's sections in the admin menu, in order, where it lands, and parts and calls that are not its own. */
const AREAS: Record<Staff, { menu: string[]; landing: string; elsewhere: string[]; refusedCalls: string[] }> = {
  sales: {
    menu: ['Vehicles', 'Leads', 'Test Drives', 'Reservations', 'Trade-ins', 'Reports'],
    landing: '/admin/vehicles',
    elsewhere: ['/admin', '/admin/maintenance', '/admin/closure-days', '/admin/workshop', '/admin/my-jobs', '/admin/users', '/admin/audit', '/admin/emails', '/admin/test-drives/settings', '/admin/workshop/settings', '/admin/reports/workshop', '/admin/invoices'],
    refusedCalls: ['/api/maintenance/admin/all', '/api/users', '/api/admin/audit-log', '/api/workshop/board', '/api/admin/reports/workshop', '/api/admin/invoices'],
  },
  advisor: {
    menu: ['Maintenance', 'Workshop', 'Invoices', 'Closure Days'],
    landing: '/admin/maintenance',
    elsewhere: ['/admin', '/admin/vehicles', '/admin/leads', '/admin/test-drives', '/admin/reservations', '/admin/trade-ins', '/admin/reports', '/admin/my-jobs', '/admin/users', '/admin/audit', '/admin/workshop/settings'],
    refusedCalls: ['/api/admin/leads', '/api/admin/reservations', '/api/users', '/api/admin/overview', '/api/admin/reports/sales'],
  },
  technician: {
    menu: ['Workshop', 'My Jobs'],
    landing: '/admin/my-jobs',
    elsewhere: ['/admin', '/admin/vehicles', '/admin/leads', '/admin/maintenance', '/admin/maintenance/new', '/admin/closure-days', '/admin/users', '/admin/emails', '/admin/workshop/settings', '/admin/invoices'],
    refusedCalls: ['/api/maintenance/admin/all', '/api/admin/leads', '/api/admin/closure-days', '/api/users', '/api/admin/invoices'],
  },
};

async function firstId(request: APIRequestContext, token: string, url: string, pick: (data: unknown) => string | undefined) {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  const id = pick((await res.json()).data);
  expect(id, `an id from ${url}`).toBeTruthy();
  return id!;
}
const first = (data: unknown) => (data as { _id: string }[])[0]?._id;

/** Audits each screen at both widths, keeping screenshots named after the role and screen. */
async function auditScreens(page: Page, role: Staff, screens: [url: string, name: string][]) {
  const found: Found[] = [];
  for (const [url, name] of screens) {
    await visit(page, url, `${role}: ${name}`, found, `staff-${role}-${name.replaceAll(' ', '-')}`);
    // Every part of the screen loads for this role: no panel left saying a call was refused.
    await expect(page.getByText(/could not be loaded|Failed to load/), `${role}: ${name}`).toHaveCount(0);
  }
  report(found);
}

/** The admin menu's section names, opening the drawer on a narrow screen. */
async function menuSections(page: Page) {
  const narrow = (page.viewportSize()?.width ?? 1280) < 768;
  if (narrow) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Admin' }).locator('visible=true');
  await expect(nav).toBeVisible();
  const names = (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
  if (narrow) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Admin menu' })).toHaveCount(0);
  }
  return names;
}

test.describe('staff roles', () => {
  // The file's tests share nothing (each signs in for itself on its worker's own server): they are spread over
  // the workers instead of running one after the other on one, which left the other idle at the end of CI's run.
  test.describe.configure({ mode: 'parallel' });

  test('sales: the vehicle screens pass axe', async ({ page, request }) => {
    test.setTimeout(150_000);
    const vehicleId = await publicVehicleId(request);
    await loginAs(page, STAFF.sales);
    await auditScreens(page, 'sales', [
      ['/admin/vehicles', 'vehicles'],
      ['/admin/vehicles/new', 'new vehicle'],
      [`/admin/vehicles/${vehicleId}`, 'vehicle detail'],
      [`/admin/vehicles/${vehicleId}/edit`, 'vehicle edit'],
    ]);
  });

  test('sales: the sales desk and profile pass axe', async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await apiToken(request, STAFF.sales);
    const leadId = await firstId(request, token, '/api/admin/leads?limit=1', first);
    await loginAs(page, STAFF.sales);
    await auditScreens(page, 'sales', [
      ['/admin/leads', 'leads'],
      [`/admin/leads/${leadId}`, 'lead detail'],
      ['/admin/test-drives', 'test drives'],
      ['/admin/reservations', 'reservations'],
      ['/admin/trade-ins', 'trade-ins'],
      ['/admin/reports', 'reports'],
      ['/admin/profile', 'profile'],
    ]);
  });

  test('service advisor: the maintenance screens pass axe', async ({ page, request }) => {
    test.setTimeout(150_000);
    const token = await apiToken(request, STAFF.advisor);
    const appointmentId = await firstId(request, token, '/api/maintenance/admin/all?limit=1', first);
    const invoiceId = await firstId(request, token, '/api/admin/invoices', first);
    await loginAs(page, STAFF.advisor);
    await auditScreens(page, 'advisor', [
      ['/admin/maintenance', 'maintenance'],
      [`/admin/maintenance/${appointmentId}`, 'maintenance detail'],
      ['/admin/invoices', 'invoices'],
      [`/admin/invoices/${invoiceId}`, 'invoice detail'],
      ['/admin/closure-days', 'closure days'],
      ['/admin/maintenance/new', 'book for customer'],
    ]);
    // Booking for an account: the advisor finds the customer.
    await page.getByRole('radio', { name: /Existing customer/ }).check();
    await page.getByLabel('Search customers').fill('jane');
    await expect(page.getByRole('list', { name: 'Matching customers' }).getByRole('button', { name: /Jane Cooper/ })).toBeVisible();
  });

  test('service advisor: the workshop screens and profile pass axe', async ({ page, request }) => {
    test.setTimeout(150_000);
    const token = await apiToken(request, STAFF.advisor);
    const scheduledJob = await firstId(request, token, '/api/workshop/board?view=week', (data) =>
      (data as { jobs: { _id: string; stage: string }[] }).jobs.find((job) => job.stage === 'Scheduled')?._id,
    );
    await loginAs(page, STAFF.advisor);
    await auditScreens(page, 'advisor', [
      ['/admin/workshop', 'workshop board'],
      ['/admin/workshop?view=week', 'workshop week'],
      [`/admin/workshop/jobs/${scheduledJob}/check-in`, 'check in'],
      ['/admin/profile', 'profile'],
    ]);
  });

  test('technician: the board, My Jobs and profile pass axe', async ({ page }) => {
    test.setTimeout(150_000);
    await loginAs(page, STAFF.technician);
    await auditScreens(page, 'technician', [
      ['/admin/my-jobs', 'my jobs'],
      ['/admin/workshop', 'workshop board'],
      ['/admin/workshop?view=week', 'workshop week'],
      ['/admin/profile', 'profile'],
    ]);
  });

  for (const role of Object.keys(STAFF) as Staff[]) {
    test(`${role}: the menu holds only its sections, and other parts of /admin send it to its own`, async ({ page, request }) => {
      test.setTimeout(150_000);
      const areas = AREAS[role];
      await loginAs(page, STAFF[role]);
      for (const size of AUDIT_WIDTHS) {
        await page.setViewportSize(size);
        await page.goto(areas.landing);
        await settled(page);
        expect(await menuSections(page)).toEqual(areas.menu);
        // The header's search reaches every record: the admin's alone.
        await expect(page.getByPlaceholder('Search...')).toHaveCount(0);
      }
      await page.setViewportSize(AUDIT_WIDTHS[0]!);
      for (const url of areas.elsewhere) {
        await page.goto(url);
        await expect(page, `${role} opening ${url}`).toHaveURL(new RegExp(`${areas.landing}$`));
        await settled(page);
      }
      // The same, followed inside the app rather than loaded: no crash, no error page.
      await page.evaluate((url) => window.history.pushState({}, '', url), areas.elsewhere[1]!);
      await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
      await expect(page).toHaveURL(new RegExp(`${areas.landing}$`));
      await expect(page.locator('h1').first()).toBeVisible();
      await screenshot(page, `staff-${role}-refused`);

      const token = await apiToken(request, STAFF[role]);
      for (const url of areas.refusedCalls) {
        const res = await request.get(url, { headers: auth(token) });
        expect(res.status(), `${role} calling ${url}`).toBe(403);
        expect((await res.json()).message).toBe('You do not have permission to do this');
      }
    });
  }

  test('the admin makes a customer Sales by keyboard, it is audited, they work the sales desk, and losing the role takes effect', async ({ loginAdmin, page, request, browser, baseURL }) => {
    test.setTimeout(150_000);
    const person = await registerUser(request);
    await loginAdmin();
    await page.goto(`/admin/users/${person.id}`);
    await expect(page.getByRole('heading', { level: 1, name: person.name })).toBeVisible();

    const role = page.getByLabel('Role', { exact: true });
    await expect(role).toHaveValue('USER');
    await role.focus();
    // Admin, User (customer), Service advisor, Technician, Sales: three down from User.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect(role).toHaveValue('SALES');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save Role' })).toBeFocused();
    await page.keyboard.press('Enter');
    // Saved: the change history beside the form records it at once (the toast saying so may be gone already).
    await expect(page.getByRole('listitem').filter({ hasText: 'Role changed' }).getByText('Role: Customer → changed to Sales')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Role' })).toBeDisabled();
    const found: Found[] = [];
    await audit(page, 'user detail after a role change', found, 'staff-role-changed');
    report(found);

    // Audited: who, what, and the role before and after.
    await page.goto(`/admin/audit?kind=user&person=${encodeURIComponent('admin@apexmotors')}`);
    const row = page.getByRole('row').filter({ hasText: person.name }).filter({ hasText: 'Role changed' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Role: Customer → changed to Sales');
    await screenshot(page, 'staff-role-audited');

    // They sign in, in a browser of their own, and land in the sales desk with its menu.
    const context = await browser.newContext({ baseURL });
    const theirs = await context.newPage();
    const session = await loginAs(theirs, { emailOrUsername: person.username, password: person.password });
    await theirs.goto('/admin');
    await expect(theirs).toHaveURL(/\/admin\/vehicles$/);
    await settled(theirs);
    expect(await menuSections(theirs)).toEqual(AREAS.sales.menu);
    const leads = await request.get('/api/admin/leads?limit=1', { headers: auth(session.tokens.accessToken) });
    expect(leads.status()).toBe(200);

    // Back to customer: their very next call is refused, with the token they already hold.
    const token = await adminToken(request);
    const demoted = await request.patch(`/api/users/${person.id}/role`, { headers: auth(token), data: { role: 'USER' } });
    expect(demoted.status(), await demoted.text()).toBe(200);
    const refused = await request.get('/api/admin/leads?limit=1', { headers: auth(session.tokens.accessToken) });
    expect(refused.status()).toBe(403);
    // And the admin area is no longer theirs: a customer opening it goes to login.
    await theirs.goto('/admin/leads');
    await expect(theirs).toHaveURL(/\/(login|account\/profile|profile)$/);
    await context.close();
  });
});
