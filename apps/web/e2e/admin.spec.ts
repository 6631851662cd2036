import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, loginAs, registerUser, screenshot, test } from './fixtures';
import { apiToken, auth, bookAppointment, postListing, uniqueWord } from './quality-data';

// The admin area as the demo admin, on data each test makes for itself.

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A fresh customer books a Pending appointment through the API. */
async function bookAsFreshUser(request: APIRequestContext, service = { type: 'mechanical', name: 'Brake System Repair' }) {
  const user = await registerUser(request);
  const appointment = await bookAppointment(request, user, {
    maintenanceType: service.type,
    specificService: service.name,
    vehicle: { make: 'Mazda', model: 'CX-5', year: '2020', registration: 'ADM-2020' },
    additionalNotes: 'Squeaking when braking',
  });
  expect(appointment.status).toBe('Pending');
  return { user, appointment };
}

const listing = (word: string, extra: Record<string, string | number> = {}) => ({
  make: 'Subaru',
  model: 'Outback',
  year: 2021,
  price: 27500,
  title: `${word} Subaru Outback Touring`,
  mileage: 18000,
  transmission: 'CVT',
  fuelType: 'Petrol',
  condition: 'Excellent',
  exteriorColor: 'Autumn Green',
  interiorColor: 'Java Brown',
  description: 'One owner, full service history, roof rails and a tow bar.',
  location: 'Springfield, IL',
  contactPhone: '+1 555 010 4242',
  ...extra,
});

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function shots(page: Page, name: string) {
  // From the top, so the fixed sidebar and sticky header sit where a visitor sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `admin-${name}-1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, `admin-${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('admin access', () => {
  test('a regular user opening /admin is sent to login', async ({ login, page }) => {
    await login();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a visitor is sent to login and every admin call is refused', async ({ page, request }) => {
    await page.goto('/admin/maintenance');
    await expect(page).toHaveURL(/\/login$/);
    expect((await request.get('/api/admin/overview')).status()).toBe(401);
    const { token } = await registerUser(request);
    expect((await request.get('/api/admin/overview', { headers: auth(token) })).status()).toBe(403);
    expect((await request.get('/api/users', { headers: auth(token) })).status()).toBe(403);
  });

  test('the sidebar Log Out ends the session and goes to login', async ({ loginAdmin, page }) => {
    await loginAdmin();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('complementary').getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('admin dashboard', () => {
  test('the cards show the overview figures; tables link to the records', async ({ loginAdmin, page, request }) => {
    await loginAdmin();
    const admin = await apiToken(request, DEMO.admin);
    const res = await request.get('/api/admin/overview', { headers: auth(admin) });
    expect(res.status()).toBe(200);
    const overview = (await res.json()).data as Record<string, unknown> & {
      growth: Record<string, string | null>;
      recentAppointments: { _id: string }[];
      recentVehicles: { _id: string }[];
      recentUsers: { _id: string }[];
    };

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const fallbacks = { totalVehicles: '+12%', maintenanceRequests: '+5%', activeUsers: '+18%', pendingApprovals: '+5%' } as const;
    const labels = { totalVehicles: 'Total Vehicles', maintenanceRequests: 'Maintenance Requests', activeUsers: 'Active Users', pendingApprovals: 'Pending Approvals' } as const;
    for (const key of Object.keys(labels) as (keyof typeof labels)[]) {
      const card = page.getByTestId(`stat-${key}`);
      await expect(card).toContainText(labels[key]);
      await expect(card.getByTestId('stat-value')).toHaveText(number.format(overview[key] as number));
      await expect(card.getByTestId('stat-growth')).toHaveText(overview.growth[key] ?? fallbacks[key]);
    }

    await expect(page.getByRole('link', { name: 'Add Vehicle' })).toHaveAttribute('href', '/admin/vehicles/new');
    await expect(page.getByRole('link', { name: 'Manage Maintenance' })).toHaveAttribute('href', '/admin/maintenance');
    const firstAppointment = overview.recentAppointments[0];
    if (firstAppointment) {
      const details = page.getByRole('region', { name: 'Recent maintenance requests' }).getByRole('link', { name: /^Details/ }).first();
      await expect(details).toHaveAttribute('href', `/admin/maintenance/${firstAppointment._id}`);
      await expect(page.getByText(firstAppointment._id.slice(8, 17), { exact: true }).first()).toBeVisible();
    }
    const firstVehicle = overview.recentVehicles[0];
    if (firstVehicle) await expect(page.getByRole('region', { name: 'Recent vehicles' }).getByRole('link', { name: /^Edit/ }).first()).toHaveAttribute('href', `/admin/vehicles/${firstVehicle._id}`);
    const firstUser = overview.recentUsers[0];
    if (firstUser) await expect(page.getByRole('region', { name: 'Recent users' }).getByRole('link', { name: /^Manage/ }).first()).toHaveAttribute('href', `/admin/users/${firstUser._id}`);
    await shots(page, 'dashboard');

    // Below 768 px the sidebar is a drawer behind the menu button.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('complementary')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin menu' });
    await expect(drawer).toBeVisible();
    await screenshot(page, 'admin-drawer-375');
    await drawer.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  test('header search finds appointments, and the account menu opens the profile', async ({ loginAdmin, page, request }) => {
    const { user, appointment } = await bookAsFreshUser(request);
    await loginAdmin();
    await page.goto('/admin');
    await page.getByRole('searchbox', { name: 'Search vehicles, appointments and users' }).fill(user.name);
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('link', { name: new RegExp(user.email) })).toHaveAttribute('href', `/admin/users/${user.id}`);
    await results.getByRole('link', { name: /Brake System Repair/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/maintenance/${appointment._id}$`));
    await expect(page.getByRole('heading', { name: 'Brake System Repair', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: /, account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  });
});

test.describe('admin maintenance requests', () => {
  test('approve with technician and price, save notes; the customer sees it Scheduled', async ({ loginAdmin, page, request }) => {
    const { user, appointment } = await bookAsFreshUser(request);
    // A technician of this test's own, free at any hour (technicians are chosen from the staff list).
    const technician = await registerUser(request);
    const promoted = await request.patch(`/api/users/${technician.id}/role`, {
      headers: auth(await apiToken(request, DEMO.admin)),
      data: { role: 'TECHNICIAN' },
    });
    expect(promoted.status(), await promoted.text()).toBe(200);
    await loginAdmin();

    await page.goto(`/admin/maintenance?search=${encodeURIComponent(user.email)}`);
    await expect(page.getByRole('searchbox', { name: 'Search maintenance requests' })).toHaveValue(user.email);
    const table = page.getByRole('region', { name: 'Maintenance requests', exact: true });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByText('Not set')).toBeVisible();
    await expect(table.getByText('2020 Mazda CX-5')).toBeVisible();
    await expect(page.getByText('Showing 1 of 1 records')).toBeVisible();
    await table.getByRole('link', { name: appointment._id.slice(-8) }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/maintenance/${appointment._id}$`));
    await expect(page.getByText('Mechanical Repairs')).toBeVisible();
    await expect(page.getByText('Not assigned yet')).toBeVisible();
    await expect(page.getByText('No notes provided.')).toBeVisible();
    await expect(page.getByText('ADM-2020')).toBeVisible();
    await expect(page.getByText(appointment._id, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Maintenance Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Maintenance Details' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Technician is required')).toBeVisible();
    await dialog.getByLabel('Technician').selectOption({ label: technician.name });
    await dialog.getByLabel('Price ($)').fill('349.5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Maintenance request approved successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('definition').filter({ hasText: technician.name })).toBeVisible();
    await expect(page.getByText('$349.50').first()).toBeVisible();
    await expect(page.getByRole('main').getByText('Scheduled', { exact: true }).first()).toBeVisible();

    await page.getByLabel('Notes for the customer').fill('   Replace the rear pads; customer waits on site.   ');
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await expect(toast(page, 'Notes saved successfully')).toBeVisible();
    await expect(page.getByText('Replace the rear pads; customer waits on site.', { exact: true }).first()).toBeVisible();

    // The change history names the admin and the values before and after.
    const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Change History' }) });
    await expect(history.getByText(technician.name).first()).toBeVisible();
    await expect(history.getByText(/Pending/).first()).toBeVisible();
    await shots(page, 'maintenance-detail');

    const stored = await request.get(`/api/maintenance/${appointment._id}`, { headers: auth(user.token) });
    expect((await stored.json()).data).toMatchObject({ status: 'Scheduled', technician: technician.name, cost: 349.5, notes: 'Replace the rear pads; customer waits on site.' });

    // The customer's own history.
    await page.context().clearCookies();
    await loginAs(page, { emailOrUsername: user.email, password: user.password });
    await page.goto('/account/maintenance/history');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Brake System Repair' }) });
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(card.getByText(technician.name)).toBeVisible();
  });

  test('the row menu changes statuses; tabs and filters live in the URL', async ({ loginAdmin, page, request }) => {
    const { user, appointment } = await bookAsFreshUser(request, { type: 'electrical', name: 'Battery Service' });
    await loginAdmin();
    await page.goto('/admin/maintenance');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await shots(page, 'maintenance-list');

    await page.getByRole('searchbox', { name: 'Search maintenance requests' }).fill(user.name);
    await expect(page).toHaveURL(/search=/);
    const table = page.getByRole('region', { name: 'Maintenance requests', exact: true });
    await expect(table.getByRole('row')).toHaveCount(2);
    const menu = () => table.getByRole('button', { name: `Actions for Battery Service (${appointment._id.slice(-8)})` });

    await menu().click();
    await expect(page.getByRole('menuitem', { name: 'Mark as Pending' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Mark as Completed' }).click();
    await expect(toast(page, 'Status Updated')).toBeVisible();
    await expect(toast(page, 'Appointment marked as completed')).toBeVisible();
    await expect(table.getByText('Completed', { exact: true })).toBeVisible();

    await menu().click();
    await page.getByRole('menuitem', { name: 'Mark as Cancelled' }).click();
    await expect(toast(page, 'Appointment has been cancelled')).toBeVisible();
    await expect(table.getByText('Cancelled', { exact: true })).toBeVisible();

    await menu().click();
    await page.getByRole('menuitem', { name: 'Mark as Scheduled' }).click();
    await expect(toast(page, 'Appointment is now scheduled')).toBeVisible();
    await expect(table.getByText('Scheduled', { exact: true })).toBeVisible();

    // The Completed tab no longer holds it; the Scheduled tab does, and the URL says so.
    await page.getByRole('tab', { name: 'Completed' }).click();
    await expect(page).toHaveURL(/status=Completed/);
    await expect(page.getByText('No maintenance requests found.')).toBeVisible();
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await expect(page).toHaveURL(/status=Scheduled/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Scheduled' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search maintenance requests' })).toHaveValue(user.name);

    // Date filters: a range that excludes the booking empties the list.
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByLabel('Date to').fill('2000-01-01');
    await expect(page).toHaveURL(/dateTo=2000-01-01/);
    await expect(page.getByText('No maintenance requests found.')).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('list', { name: 'Maintenance requests' }).getByRole('listitem').first()).toBeVisible();
    await screenshot(page, 'admin-maintenance-list-cards-375');
  });

  test('an unknown request shows the not-found state', async ({ loginAdmin, page }) => {
    await loginAdmin();
    await page.goto(`/admin/maintenance/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Maintenance Request Not Found' })).toBeVisible();
    await expect(page.getByText('The requested maintenance details could not be found.')).toBeVisible();
  });
});

test.describe('admin vehicles', () => {
  test('approve a pending listing so it appears publicly', async ({ loginAdmin, page, request }) => {
    const seller = await registerUser(request);
    const word = uniqueWord('Pend');
    const created = await postListing(request, seller.token, listing(word));
    expect(created.status).toBe('pending');
    expect((await request.get(`/api/vehicles?search=${word}`)).ok()).toBe(true);
    expect((await (await request.get(`/api/vehicles?search=${word}`)).json()).data).toHaveLength(0);

    await loginAdmin();
    await page.goto(`/admin/vehicles?status=pending&search=${word}`);
    await expect(page.getByText('1 Vehicles')).toBeVisible();
    await page.getByRole('link', { name: /^View Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/vehicles/${created._id}$`));
    await expect(page.getByRole('heading', { name: created.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage Photos' })).toHaveAttribute('href', `/admin/vehicles/${created._id}/edit?step=3`);

    await page.getByRole('tab', { name: 'Features' }).click();
    await expect(page.getByText('Continuously variable transmission (CVT) for smooth, efficient acceleration')).toBeVisible();
    await expect(page.getByText('Autumn Green exterior paint')).toBeVisible();
    await page.getByRole('tab', { name: 'Description' }).click();
    await expect(page.getByText('One owner, full service history, roof rails and a tow bar.')).toBeVisible();
    await shots(page, 'vehicle-detail');

    await page.getByRole('button', { name: 'Approve Listing' }).click();
    await expect(toast(page, 'Listing approved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Listing' })).toHaveCount(0);

    const pub = await request.get(`/api/vehicles?search=${word}`);
    const found = (await pub.json()).data as { _id: string; status: string }[];
    expect(found.map((v) => v._id)).toEqual([created._id]);
    expect(found[0]!.status).toBe('available');
    await page.goto(`/vehicles/${created._id}`);
    await expect(page.getByRole('heading', { name: new RegExp(word) }).first()).toBeVisible();
  });

  test('filters, table view, edit and delete a vehicle', async ({ loginAdmin, page, request }) => {
    const admin = await apiToken(request, DEMO.admin);
    const word = uniqueWord('Edit');
    const created = await postListing(request, admin, listing(word, { year: 2019, fuelType: 'Diesel' }));
    expect(created.status).toBe('available');

    await loginAdmin();
    await page.goto('/admin/vehicles');
    await expect(page.getByText(/^\d+ Vehicles$/)).toBeVisible();
    await shots(page, 'vehicles-grid');

    await page.getByRole('searchbox', { name: 'Search vehicles', exact: true }).fill(word);
    await expect(page.getByText('1 Vehicles')).toBeVisible();
    // Equal years are sent as one exact year.
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByLabel('Min year').fill('2019');
    await page.getByLabel('Max year').fill('2019');
    await page.getByLabel('Fuel type').selectOption('Diesel');
    const listCall = page.waitForRequest((r) => r.url().includes('/api/vehicles?') && r.url().includes('year=2019'));
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const url = new URL((await listCall).url());
    expect(url.searchParams.get('year')).toBe('2019');
    expect(url.searchParams.get('min_year')).toBeNull();
    expect(url.searchParams.get('fuelType')).toBe('Diesel');
    await expect(page.getByText('1 Vehicles')).toBeVisible();

    await page.getByRole('button', { name: 'Table view' }).click();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByRole('region', { name: 'Vehicles', exact: true });
    await expect(table.getByRole('link', { name: created.title, exact: true })).toBeVisible();
    await expect(table.getByText('$27,500')).toBeVisible();
    await shots(page, 'vehicles-table');

    // Edit: the wizard prefilled, then back to the list.
    await table.getByRole('link', { name: created.title, exact: true }).click();
    await page.getByRole('link', { name: 'Edit Vehicle' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/vehicles/${created._id}/edit$`));
    await expect(page.getByLabel('Make')).toHaveValue('Subaru');
    await page.getByLabel('Price ($)').fill('26900');
    await page.getByRole('tab', { name: /Contact Info/ }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/admin\/vehicles$/);
    const after = await request.get(`/api/vehicles/${created._id}`, { headers: auth(admin) });
    expect((await after.json()).data.price).toBe(26900);

    // Delete from the list, with the confirmation.
    await page.getByRole('searchbox', { name: 'Search vehicles', exact: true }).fill(word);
    await expect(page.getByText('1 Vehicles')).toBeVisible();
    await page.getByRole('button', { name: `Delete ${created.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Vehicle' });
    await expect(confirm).toContainText(created.title);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Vehicle deleted')).toBeVisible();
    await expect(toast(page, 'Vehicle has been successfully deleted')).toBeVisible();
    await expect(page.getByText('No vehicles found')).toBeVisible();
    expect((await request.get(`/api/vehicles/${created._id}`, { headers: auth(admin) })).status()).toBe(404);

    await page.getByRole('button', { name: 'Reset Filters' }).first().click();
    await expect(page).toHaveURL(/\/admin\/vehicles(\?view=table)?$/);
    await expect(page.getByRole('searchbox', { name: 'Search vehicles', exact: true })).toHaveValue('');
  });

  test('mark sold to a registered buyer, delete from the detail, and the missing state', async ({ loginAdmin, page, request }) => {
    const admin = await apiToken(request, DEMO.admin);
    const buyer = await registerUser(request);
    const created = await postListing(request, admin, listing(uniqueWord('Sold')));

    await loginAdmin();
    await page.goto(`/admin/vehicles/${created._id}`);
    await page.getByRole('button', { name: 'Mark as Sold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as Sold' });
    await dialog.getByLabel('Buyer (optional)').fill('nobody-here@example.com');
    await dialog.getByRole('button', { name: 'Mark as Sold' }).click();
    await expect(dialog.getByRole('alert')).toContainText('No registered user');
    await dialog.getByLabel('Buyer (optional)').fill(buyer.email);
    await dialog.getByRole('button', { name: 'Mark as Sold' }).click();
    await expect(toast(page, 'Vehicle marked as sold')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Sold' })).toHaveCount(0);
    const purchases = await request.get('/api/vehicles/purchases', { headers: auth(buyer.token) });
    expect(((await purchases.json()).data as { vehicle: { _id: string } }[]).map((p) => p.vehicle._id)).toContain(created._id);

    // The sale is on record: the listing stays, so the buyer keeps the purchase.
    await page.getByRole('button', { name: 'Delete Vehicle' }).click();
    await page.getByRole('dialog', { name: 'Delete Vehicle' }).getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText(/sale to a registered buyer is on record/),
    ).toBeVisible();
    expect((await request.get(`/api/vehicles/${created._id}`, { headers: auth(admin) })).status()).toBe(200);

    // A listing without a recorded sale is deleted from the detail.
    const other = await postListing(request, admin, listing(uniqueWord('Gone')));
    await page.goto(`/admin/vehicles/${other._id}`);
    await page.getByRole('button', { name: 'Delete Vehicle' }).click();
    await page.getByRole('dialog', { name: 'Delete Vehicle' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Vehicle deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/vehicles$/);

    await page.goto(`/admin/vehicles/${other._id}`);
    await expect(page.getByRole('heading', { name: 'Vehicle Not Found' })).toBeVisible();
    await expect(page.getByText("The vehicle you're looking for could not be found.")).toBeVisible();
    await page.getByRole('button', { name: 'Back to Vehicles' }).click();
    await expect(page).toHaveURL(/\/admin\/vehicles$/);
  });

  test('Add Vehicle opens the wizard with a way back', async ({ loginAdmin, page }) => {
    await loginAdmin();
    await page.goto('/admin/vehicles');
    await page.getByRole('link', { name: 'Add Vehicle' }).click();
    await expect(page).toHaveURL(/\/admin\/vehicles\/new$/);
    await expect(page.getByRole('form', { name: 'Create vehicle listing' })).toBeVisible();
    await shots(page, 'vehicle-new');
    await page.getByRole('link', { name: 'Back to Vehicle Sales' }).click();
    await expect(page).toHaveURL(/\/admin\/vehicles$/);
  });
});

test.describe('admin users', () => {
  test('suspend a user: their login is refused; reset link and activation', async ({ loginAdmin, page, request, browser }) => {
    const user = await registerUser(request);
    await loginAdmin();
    await page.goto('/admin/users');
    await expect(page.getByRole('tab', { name: 'All Users' })).toHaveAttribute('aria-selected', 'true');
    await shots(page, 'users-list');

    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    const table = page.getByRole('region', { name: 'Users', exact: true });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: `Actions for ${user.name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Activate', exact: true })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Account' });
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    await expect(dialog.getByText('A reason is required to suspend an account')).toBeVisible();
    await dialog.getByLabel('Reason for suspension').fill('Fraudulent listing reported by two buyers');
    await dialog.getByRole('button', { name: 'Suspend Account' }).click();
    await expect(toast(page, 'Account suspended')).toBeVisible();
    await expect(table.getByText('suspended', { exact: true })).toBeVisible();

    const login = await request.post('/api/auth/login', { data: { emailOrUsername: user.email, password: user.password } });
    expect(login.status()).toBe(403);
    expect((await request.get('/api/users/profile', { headers: auth(user.token) })).status()).not.toBe(200);

    await page.getByRole('tab', { name: 'Suspended' }).click();
    await expect(page).toHaveURL(/status=suspended/);
    await expect(table.getByRole('link', { name: user.name })).toBeVisible();
    await table.getByRole('link', { name: user.name }).click();

    // Detail: status card with the reason, change history, reset link.
    await expect(page.getByRole('heading', { name: user.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Fraudulent listing reported by two buyers').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', `mailto:${user.email}`);
    await expect(page.getByRole('button', { name: 'Suspend Account' })).toHaveCount(0);
    await page.getByRole('tab', { name: /Maintenance Requests/ }).click();
    await expect(page.getByText('This user has not booked any maintenance yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Activate Account' }).click();
    await expect(toast(page, 'Account activated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suspend Account' })).toBeVisible();
    expect((await request.post('/api/auth/login', { data: { emailOrUsername: user.email, password: user.password } })).status()).toBe(200);

    await page.getByRole('button', { name: 'Security Audit' }).click();
    const audit = page.getByRole('dialog', { name: 'Security Audit' });
    await expect(audit.getByText(/Active sessions \(\d+\)/)).toBeVisible();
    await expect(audit.getByText('Success').first()).toBeVisible();
    await audit.getByRole('button', { name: 'Revoke all sessions' }).click();
    // The open dialog hides the rest of the page from the accessibility tree, so look for the text itself
    // (in the dialog's panel; the toast saying the same may or may not still be showing).
    await expect(page.locator('#admin-main').getByText('Sessions revoked', { exact: true })).toBeVisible();
    await expect(audit.getByText('Active sessions (0)')).toBeVisible();
    await audit.getByRole('button', { name: 'Close' }).click();
    await expect(audit).toBeHidden();

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('dialog', { name: 'Reset Password' }).getByRole('button', { name: 'Create Link' }).click();
    const link = page.getByLabel('Password reset link');
    await expect(link).toHaveValue(/\/reset-password#/);
    await expect(page.getByRole('button', { name: 'Copy reset link' })).toBeVisible();
    const resetUrl = await link.inputValue();
    await shots(page, 'user-detail');

    // The user opens the link on their own device and sets a new password.
    const context = await browser.newContext({ baseURL: new URL(resetUrl).origin });
    const visitor = await context.newPage();
    await visitor.goto(new URL(resetUrl).pathname + new URL(resetUrl).hash);
    await visitor.getByLabel('New password', { exact: true }).fill('BrandNew123!');
    await visitor.getByLabel('Confirm new password').fill('Mismatch123!');
    await visitor.getByRole('button', { name: 'Set New Password' }).click();
    await expect(visitor.getByText('Passwords must match')).toBeVisible();
    await visitor.getByLabel('Confirm new password').fill('BrandNew123!');
    const resetCall = visitor.waitForResponse((r) => r.url().endsWith('/api/auth/password-reset'), { timeout: 30_000 });
    await visitor.getByRole('button', { name: 'Set New Password' }).click();
    expect((await resetCall).status()).toBe(200);
    await expect(visitor.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    await screenshot(visitor, 'admin-reset-password-done-1280');
    // Single use: opened again, it says so before asking for a password.
    await visitor.goto('/');
    await visitor.goto(new URL(resetUrl).pathname + new URL(resetUrl).hash);
    await expect(visitor.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
    await context.close();
    expect((await request.post('/api/auth/login', { data: { emailOrUsername: user.email, password: 'BrandNew123!' } })).status()).toBe(200);
  });

  test('the admin cannot suspend their own account', async ({ loginAdmin, page }) => {
    const me = await loginAdmin();
    await page.goto(`/admin/users/${me.data._id}`);
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suspend Account' })).toHaveCount(0);
    await page.goto(`/admin/users?search=${encodeURIComponent(DEMO.admin.emailOrUsername)}`);
    const row: Locator = page.getByRole('region', { name: 'Users', exact: true }).getByRole('row').nth(1);
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Suspend' })).toHaveCount(0);
  });
});
