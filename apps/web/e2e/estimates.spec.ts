import type { APIRequestContext } from '@playwright/test';
import { audit, report, type Found } from './axe-audit';
import { expect, loginAs, registerUser, screenshot, test } from './fixtures';
import { mailsTo } from './mailbox';
import { auth, scheduledWalkIn, settled } from './quality-data';

// Estimates (issue 27): the advisor writes three lines and sends them; the customer opens the e-mailed
// link signed out, approves two of three by keyboard and confirms with their name; the screens pass axe
// at 375 and 1280 px signed in (advisor, customer) and the link's page signed out.

const ADVISOR = { emailOrUsername: 'riley', password: 'Advisor123!' };

/** A job for `customer` (today when an hour is free), booked by the admin for their account, scheduled and checked in. */
async function checkedInJob(request: APIRequestContext, customer: { id: string; name: string; email: string }) {
  const { id, registration, token } = await scheduledWalkIn(request, {
    prefix: 'EST',
    booking: { userId: customer.id, customer: { name: customer.name, email: customer.email, phone: '5550102030' } },
  });
  const checkedIn = await request.post(`/api/workshop/jobs/${id}/check-in`, { headers: auth(token), data: { odometer: 40_000, fuelLevel: 'Full' } });
  expect(checkedIn.status(), await checkedIn.text()).toBe(200);
  return { id, registration };
}

/** The estimate link in the newest estimate e-mail the server wrote to `to` (DATA_DIR/mail). */
async function estimateLinkIn(dataDir: string, to: string): Promise<string | undefined> {
  const mail = (await mailsTo(dataDir, to, 'Your estimate for the')).pop();
  return mail?.match(/https?:\/\/[^\s"<>]+\/estimates\/[0-9a-f-]{36}\/decide#[A-Za-z0-9._-]+/)?.[0];
}

test.describe('estimates', () => {
  test('the advisor sends 3 lines; the customer approves 2 of 3 through the e-mailed link, signed out, by keyboard', async ({ page, request, testServer }) => {
    // The e-mail goes out through the job queue.
    test.setTimeout(300_000);
    const customer = await registerUser(request);
    const job = await checkedInJob(request, customer);
    const found: Found[] = [];

    // The advisor writes three lines: labour, a part and a fee.
    await loginAs(page, ADVISOR);
    await page.goto(`/admin/workshop/jobs/${job.id}/estimate`);
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Estimate', level: 1 })).toBeVisible();
    await page.getByLabel('Line 1 description').fill('Replace front brake pads');
    await page.getByLabel('Line 1 hours').fill('1.5');
    await page.getByRole('button', { name: 'Part', exact: true }).click();
    await page.getByLabel('Line 2 description').fill('Brake pads (set)');
    await page.getByLabel('Line 2 quantity').fill('1');
    await page.getByLabel('Line 2 unit price ($)').fill('64.99');
    await page.getByRole('button', { name: 'Fee', exact: true }).click();
    await page.getByLabel('Line 3 description').fill('Cabin air filter');
    await page.getByLabel('Line 3 unit price ($)').fill('abc');
    await page.getByRole('button', { name: 'Save estimate' }).click();
    // Bad input: the field's message, nothing saved.
    await expect(page.getByText('Enter a price of $0.00 or more in dollars and cents')).toBeVisible();
    await page.getByLabel('Line 3 unit price ($)').fill('25');
    await page.getByRole('button', { name: 'Save estimate' }).click();
    await expect(page.getByText('Estimate saved')).toBeVisible();
    // $135.00 + $64.99 + $25.00 (the demo's tax: 8.25 %, $18.56).
    const total = page.getByRole('definition').filter({ hasText: '$243.55' });
    await expect(total.first()).toBeVisible();
    await audit(page, 'advisor: estimate editor', found, 'estimate-editor');
    await page.getByRole('button', { name: 'Send to customer' }).click();
    await expect(page.getByText('Estimate sent')).toBeVisible();
    await expect(page.getByText('Waiting for approval').first()).toBeVisible();

    // The customer opens the e-mailed link, signed out.
    const link = await expect
      .poll(() => estimateLinkIn(testServer.dataDir, customer.email), { timeout: 90_000 })
      .toBeTruthy()
      .then(() => estimateLinkIn(testServer.dataDir, customer.email));
    await page.context().clearCookies();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.hash}`);
    await expect(page.getByRole('heading', { name: 'Your Estimate', level: 1 })).toBeVisible();
    await expect(page.getByTestId('estimate-line')).toHaveCount(3);
    await audit(page, 'signed out: estimate link', found, 'estimate-link');

    // Keyboard only: approve, approve, decline; then the name, and Enter.
    await page.getByRole('radio', { name: 'Approve Replace front brake pads' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Decline Cabin air filter' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Approve Brake pads (set)' })).toBeChecked();
    // The running total: $199.99 approved + $16.50 tax (16.499 half up).
    await expect(page.getByLabel('Running total')).toContainText('$216.49');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Your full name')).toBeFocused();
    await page.keyboard.type('Somebody Else');
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Type your full name as on the booking (${customer.name}) to confirm`)).toBeVisible();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(customer.name);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `by ${customer.name}` })).toBeVisible();
    await expect(page.getByLabel('Approved total')).toContainText('$216.49');
    await screenshot(page, 'estimate-link-decided');

    // Final: the link opened again shows the decision and asks nothing.
    await page.reload();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByText('Declined', { exact: true })).toBeVisible();

    // Signed in, the customer finds it in My Estimates.
    await loginAs(page, { emailOrUsername: customer.email, password: customer.password });
    await page.goto('/account/estimates');
    await settled(page);
    await expect(page.getByTestId('estimate')).toContainText('$216.49');
    await audit(page, 'customer: my estimates', found, 'my-estimates');
    await page.getByRole('link', { name: /View estimate/ }).click();
    await expect(page.getByRole('heading', { name: 'Estimate', level: 1 })).toBeVisible();
    await settled(page);
    await audit(page, 'customer: estimate', found, 'my-estimate');
    report(found);
  });

  test('a link that does not open its estimate says why, signed out', async ({ page }) => {
    await page.goto(`/estimates/${crypto.randomUUID()}/decide#not-a-token`);
    await expect(page.getByRole('alert')).toHaveText('This link is not valid. Please use the link in the e-mail we sent you.');
    const found: Found[] = [];
    await audit(page, 'signed out: refused link', found);
    report(found);
  });

  test("the demo customer's estimate waits for a decision in the account, and passes axe", async ({ page }) => {
    await loginAs(page, { emailOrUsername: 'jane@example.com', password: 'Customer123!' });
    await page.goto('/account/estimates');
    await settled(page);
    await page.getByRole('link', { name: /Review and decide/ }).first().click();
    await expect(page.getByTestId('estimate-line').first()).toBeVisible();
    await expect(page.getByText('Front pads worn to 2 mm; discs scored.').first()).toBeVisible();
    await settled(page);
    const found: Found[] = [];
    await audit(page, 'customer: estimate awaiting decision', found, 'my-estimate-open');
    report(found);
  });
});
