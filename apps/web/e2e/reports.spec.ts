import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, loginAs, screenshot, test } from './fixtures';
import { adminToken, auth, expectNoAxeViolations, settled } from './quality-data';

// Issue 28, the owner's reports: ADMIN and SALES open /admin/reports, choose the days (checked by the
// API's own schema), read the figures in captioned tables and download them as CSV. Axe at 375 and 1280 px.

const SALES = { emailOrUsername: 'jordan@apexmotors.test', password: 'Sales123!' };
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

async function axeAtBothWidths(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    // Nothing wider than the screen: the tables scroll inside their own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await screenshot(page, `reports-${name}-${size.width}`);
  }
  await page.setViewportSize(WIDTHS[0]!);
}

/** 'YYYY-MM-DD', `days` from today (UTC; the server's days are New York's, one apart at most). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function downloadCsv(page: Page) {
  const link = page.getByRole('link', { name: 'Download CSV' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), lines: text.split('\r\n') };
}

test.describe('reports', () => {
  test('the admin reads the figures of the last 90 days, changes the days and downloads the CSV', async ({ page, request, loginAdmin }) => {
    test.slow();
    const expected = (await (await request.get('/api/admin/reports/sales', { headers: auth(await adminToken(request)) })).json()).data;

    await loginAdmin();
    await page.goto('/admin');
    await settled(page);
    await page.getByRole('navigation', { name: 'Admin' }).first().getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await settled(page);
    // The form starts on the days shown: the last 90 up to today.
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(expected.range.from);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(expected.range.to);
    await expect(page.getByText('(90 days). Stock as it is now.')).toBeVisible();
    const leadsCard = page.locator('dl > div').filter({ has: page.getByText('Leads', { exact: true }) });
    await expect(leadsCard.locator('dd').first()).toHaveText(String(expected.leads.total));
    for (const caption of ['Leads by source', 'Leads by status', 'Leads to sale and first response', 'Days to sell', 'Stock by age']) {
      await expect(page.getByRole('table', { name: caption })).toBeVisible();
    }
    const stock = page.getByRole('table', { name: 'Stock by age' });
    await expect(stock.getByRole('columnheader')).toHaveText(['Age', 'Cars', 'Asking', 'Price cut']);
    await expect(stock.getByRole('rowheader')).toHaveText(['0-30 days', '31-60 days', '61-90 days', 'Over 90 days']);
    await axeAtBothWidths(page, 'admin');

    // A first day after the last is refused in the form, before any call; then the days are changed by keyboard.
    await page.getByLabel('From', { exact: true }).fill(dayFromToday(1));
    await page.getByLabel('To', { exact: true }).fill(dayFromToday(-1));
    await page.getByLabel('To', { exact: true }).press('Enter');
    await expect(page.getByText('The first day must not be after the last')).toBeVisible();
    await expect(page).not.toHaveURL(/from=/);
    const [from, to] = [dayFromToday(-30), dayFromToday(-1)];
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByLabel('To', { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
    await expect(page.getByText('(30 days). Stock as it is now.')).toBeVisible();

    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`sales-report-${from}-to-${to}.csv`);
    expect(csv.lines[0]).toBe('Section,Figure,Value');
    expect(csv.lines).toContain(`Range,From,${from}`);
    // A figure whose name has a comma is quoted.
    expect(csv.lines.some((line) => line.startsWith('Leads to sale,"Won, % of leads",'))).toBe(true);

    // A range in the address that the server refuses says why, on the field.
    await page.goto('/admin/reports?from=2020-01-01&to=2026-01-01');
    await expect(page.getByRole('heading', { name: 'These days cannot be shown' })).toBeVisible();
    await expect(page.getByText('Choose at most 366 days').first()).toBeVisible();
    await axeAtBothWidths(page, 'refused');
  });

  test('sales staff open the reports from their menu and download the CSV by keyboard', async ({ page }) => {
    await loginAs(page, SALES);
    await page.goto('/admin/reports');
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).first().getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table', { name: 'Leads by status' }).getByRole('rowheader')).toHaveText(['New', 'Contacted', 'Test drive booked', 'Negotiating', 'Won', 'Lost']);
    const link = page.getByRole('link', { name: 'Download CSV' });
    await link.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^sales-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await readFile((await download.path())!, 'utf8')).split('\r\n')[0]).toBe('Section,Figure,Value');
    await axeAtBothWidths(page, 'sales');
  });

  test('the admin reads the workshop figures per week and per month and downloads them', async ({ page, request, loginAdmin }) => {
    test.slow();
    const token = await adminToken(request);
    const month = (await (await request.get('/api/admin/reports/workshop?period=month', { headers: auth(token) })).json()).data;

    await loginAdmin();
    await page.goto('/admin/reports');
    await settled(page);
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Workshop' }).click();
    await expect(page).toHaveURL(/\/admin\/reports\/workshop$/);
    await settled(page);
    await expect(page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Workshop' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(', per week.')).toBeVisible();
    for (const caption of ['Utilisation', 'Revenue', 'Estimates', 'No-shows and reminders']) await expect(page.getByRole('table', { name: caption })).toBeVisible();
    const utilisation = page.getByRole('table', { name: 'Utilisation' });
    await expect(utilisation.getByRole('columnheader')).toHaveText(['Period', 'Service bay', 'Body bay', 'Paint booth']);
    // A row a week: the last 90 days touch 13 or 14 weeks.
    expect(await utilisation.getByRole('rowheader').count()).toBeGreaterThanOrEqual(13);
    await axeAtBothWidths(page, 'workshop-week');

    // Per month, by keyboard: the select applies at once; the figures are the API's.
    await page.getByLabel('Figures per').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/period=month/);
    await expect(page.getByText(', per month.')).toBeVisible();
    await expect(utilisation.getByRole('rowheader')).toHaveCount(month.periods.length);
    const revenue = page.getByRole('table', { name: 'Revenue' });
    const last = month.periods[month.periods.length - 1];
    const dollars = last.revenue.totalCents / 100;
    const usd = `$${dollars.toLocaleString('en-US', Number.isInteger(dollars) ? {} : { minimumFractionDigits: 2 })}`;
    await expect(revenue.getByRole('row').last().getByRole('cell').first()).toHaveText(new RegExp(`^(Total)?\\s*${usd.replace('$', '\\$')}$`));
    await axeAtBothWidths(page, 'workshop-month');

    const csv = await downloadCsv(page);
    expect(csv.name).toMatch(/^workshop-report-month-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.lines[0]).toBe('From,To,Section,Figure,Value');
    expect(csv.lines.some((line) => line.includes(',Utilisation,"Service bay, booked hours",'))).toBe(true);

    // A period the server does not know is refused with its message.
    await page.goto('/admin/reports/workshop?from=2026-11-10&to=2026-11-01');
    await expect(page.getByRole('heading', { name: 'These days cannot be shown' })).toBeVisible();
  });

  test('sales staff have only the sales figures: no tabs, and the workshop report is not theirs', async ({ page }) => {
    await loginAs(page, SALES);
    await page.goto('/admin/reports');
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Reports' })).toHaveCount(0);
  });
});
