import { expect, registerUser, screenshot, test } from './fixtures';
import { adminToken, auth, bookAppointment, expectNoAxeViolations } from './quality-data';

// The site-wide audit log at /admin/audit: who did what and when, readable, filtered by person, kind of
// record and day, at 1280 and 375 px.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

for (const size of WIDTHS) {
  test(`the admin reads and filters the audit log at ${size.width} px`, async ({ loginAdmin, page, request }) => {
    // A booking, an approval, two axe runs and five filters: more than the default minute on a busy machine.
    test.slow();
    await page.setViewportSize(size);
    // A change to look for: the admin approves a customer's booking with a price and staff notes.
    const customer = await registerUser(request);
    const appointment = await bookAppointment(request, { token: customer.token, name: customer.name, email: customer.email, phone: customer.phone });
    const token = await adminToken(request);
    const res = await request.patch(`/api/maintenance/${appointment._id}`, {
      headers: auth(token),
      data: { status: 'Scheduled', cost: 120.5, staffNotes: `Audit check ${customer.username}` },
    });
    expect(res.status(), await res.text()).toBe(200);

    await loginAdmin();
    await page.goto('/admin');
    if (size.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).last().click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: `Audit check ${customer.username}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Request updated');
    await expect(row).toContainText(`Maintenance: Battery Service for ${customer.name}`);
    await expect(row).toContainText('Price: none → changed to $120.50');
    await expect(row).toContainText('Status: Pending → changed to Scheduled');
    await expect(row).not.toContainText('staffNotes');
    await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    await expectNoAxeViolations(page);
    await screenshot(page, `audit-log-${size.width}`);

    // The record opens from the log.
    await row.getByRole('link', { name: `Battery Service for ${customer.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/maintenance/${appointment._id}$`));
    await page.goBack();

    // By person (name or e-mail of who made the change), then by kind of record.
    await page.getByLabel('Person').fill('nobody-matches-this');
    await expect(page.getByText('No changes match these filters')).toBeVisible();
    await expect(page).toHaveURL(/person=nobody-matches-this/);
    await page.getByLabel('Person').fill('admin@apexmotors');
    await expect(row).toHaveCount(1);
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByLabel('Kind').selectOption('maintenance');
    await expect(page).toHaveURL(/kind=maintenance/);
    await expect(row).toHaveCount(1);
    await page.getByLabel('Kind').selectOption('closure_day');
    await expect(row).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
