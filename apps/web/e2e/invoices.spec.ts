import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { DEMO, expect, loginAs, test as base } from './fixtures';
import { pdfText } from './pdf-text';
import { expectNoAxeViolations } from './quality-data';
import { startTestServer, type TestServer } from './server';

// Invoices: the advisor's side and the customer's. Jane's car is at Ready for pickup with an estimate
// she decided (two lines approved, one declined, tax 8.25 %), written into this spec's own copy of the
// data before its server starts. Staff complete the job, the invoice appears with the right total, a
// payment brings the balance to 0, and Jane downloads the PDF from /account/invoices. Axe at 375 and 1280.

const REGISTRATION = 'INV 0042';
/** $135.00 labour + $23.00 parts = $158.00; tax 8.25 % = $13.035, half up $13.04; total $171.04. */
const TOTAL = '$171.04';
let jobId = '';

/** Jane's job with her decided estimate, straight into the copied database (no estimates API yet). */
async function seedDecidedJob(dataDir: string): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, unaccent } });
  try {
    const jane = await db.query<{ id: string }>(`select id from users where email = 'jane@example.com'`);
    const job = await db.query<{ id: string }>(
      `insert into maintenance_appointments (user_id, maintenance_type, specific_service, appointment_date, appointment_time,
         vehicle_make, vehicle_model, vehicle_year, vehicle_registration, customer_name, customer_email, customer_phone, status, stage)
       values ($1, 'mechanical', 'Brake System Repair', current_date, '08:00 AM', 'Honda', 'Civic', '2017', $2,
         'Jane Cooper', 'jane@example.com', '+1 (555) 010-0101', 'Scheduled', 'Ready for pickup') returning id`,
      [jane.rows[0]!.id, REGISTRATION],
    );
    jobId = job.rows[0]!.id;
    const estimate = await db.query<{ id: string }>(
      `insert into estimates (appointment_id, status, version, tax_rate_basis_points, sent_at, decided_at, decided_name)
       values ($1, 'Decided', 1, 825, now() - interval '1 day', now() - interval '1 hour', 'Jane Cooper') returning id`,
      [jobId],
    );
    await db.query(
      `insert into estimate_lines (estimate_id, position, kind, description, quantity_hundredths, unit_price_cents, amount_cents, decision) values
         ($1, 1, 'Labour', 'Replace front brake pads', 150, 9000, 13500, 'Approved'),
         ($1, 2, 'Part', 'Brake pad set', 200, 1150, 2300, 'Approved'),
         ($1, 3, 'Fee', 'Wiper blades', 100, 999, 999, 'Declined')`,
      [estimate.rows[0]!.id],
    );
  } finally {
    await db.close();
  }
}

const test = base.extend<object, { testServer: TestServer }>({
  testServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startTestServer(`invoices-${workerInfo.parallelIndex}`, { prepare: seedDecidedJob });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function axeAtBothWidths(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0]!);
}

test.describe('invoices', () => {
  // The browser's calendar runs up to a day ahead of the workshop's (New York): the payment's day must
  // follow the workshop's today, which the server checks, not the browser's (CI's browser is in UTC).
  test.use({ timezoneId: 'Pacific/Kiritimati' });
  test('staff complete a job with a decided estimate, record its payment, and the customer downloads the PDF', async ({ page, loginAdmin }) => {
    test.slow();
    await loginAdmin();

    // Complete the job from the maintenance list's row menu.
    await page.goto('/admin/maintenance');
    await page.getByRole('searchbox', { name: 'Search maintenance requests' }).fill('Jane Cooper');
    await expect(page).toHaveURL(/search=/);
    const table = page.getByRole('region', { name: 'Maintenance requests', exact: true });
    await table.getByRole('button', { name: `Actions for Brake System Repair (${jobId.slice(-8)})` }).click();
    await page.getByRole('menuitem', { name: 'Mark as Completed' }).click();
    await expect(page.getByText('Appointment marked as completed').first()).toBeVisible();

    // The invoice is in the admin list, unpaid, with the right total.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/admin\/invoices$/);
    await page.getByRole('tab', { name: 'Unpaid' }).click();
    await expect(page).toHaveURL(/status=Unpaid/);
    const row = page.getByRole('row').filter({ hasText: REGISTRATION });
    await expect(row).toContainText(TOTAL);
    await expect(row).toContainText('Unpaid');
    await axeAtBothWidths(page, 'invoices-list');
    const number = (await row.getByRole('link').first().textContent())!.trim();
    expect(number).toMatch(/^\d{4}-\d{6}$/);

    await row.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(page.getByTestId('total')).toHaveText(TOTAL);
    await expect(page.getByText('Wiper blades')).toHaveCount(0);
    await expect(page.getByTestId('balance')).toHaveText(`Balance: ${TOTAL}`);

    // A payment above the balance is refused with the message; the balance paid brings it to 0.
    const payment = page.getByRole('form', { name: 'Record a payment' });
    await payment.getByLabel('Amount (US dollars)').fill('171.05');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(payment.getByText(`The payment is more than the balance of ${TOTAL}`)).toBeVisible();
    await axeAtBothWidths(page, 'invoice-detail');
    await payment.getByLabel('Method').selectOption('Card');
    await payment.getByLabel('Amount (US dollars)').fill('171.04');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByTestId('balance')).toHaveText('Balance: $0.00');
    await expect(page.getByRole('list', { name: 'Payments' })).toContainText(`Card, ${TOTAL}`);
    await expect(page.getByRole('form', { name: 'Record a payment' })).toHaveCount(0);
    await axeAtBothWidths(page, 'invoice-paid');

    // Jane sees it at /account/invoices and downloads the PDF, which holds the number and the total.
    await page.context().clearCookies();
    await loginAs(page, DEMO.jane);
    await page.goto('/account/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'My Invoices' })).toBeVisible();
    const mine = page.getByTestId('invoice').filter({ hasText: number });
    await expect(mine).toContainText(TOTAL);
    await expect(mine).toContainText('Paid');
    await axeAtBothWidths(page, 'my-invoices');
    const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: `Download invoice ${number} as PDF` }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const text = pdfText(await readFile((await download.path())!));
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain(TOTAL);
    expect(text).toContain(REGISTRATION);
  });
});
