import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerUser, screenshot, test } from './fixtures';
import { auth, expectNoAxeViolations, settled } from './quality-data';

// Reminders that bring customers back: the customer's switch in their profile, the e-mail's
// unsubscribe page (signed out; it asks before it changes anything) and the service intervals the
// admin sets in the workshop settings. Each screen judged by axe at 375 and 1280 px.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function axeAtBothWidths(page: Page, shot?: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    if (shot) await screenshot(page, `${shot}-${size.width}`);
  }
  await page.setViewportSize(WIDTHS[0]!);
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** The e-mail's unsubscribe token, made as the server makes it (its secret is in the test server's data folder). */
function unsubscribeToken(dataDir: string, userId: string): string {
  const { jwtSecret } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
  const mac = createHmac('sha256', new TextEncoder().encode(jwtSecret)).update(`reminders-unsubscribe\0${userId}`).digest('base64url');
  return `${userId}.${mac}`;
}

async function remindersOn(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get('/api/account/reminders', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data.remindersEnabled;
}

test('a customer turns service reminders off and on in their profile', async ({ login, page, request }) => {
  const user = await login();
  await page.goto('/account/profile');
  await settled(page);
  const reminders = page.getByRole('switch', { name: 'Service reminder e-mails' });
  await expect(reminders).toHaveAttribute('aria-checked', 'true');
  await axeAtBothWidths(page, 'reminders-profile');
  await reminders.click();
  await expect(toast(page, 'Service reminders are off')).toBeVisible();
  await expect(reminders).toHaveAttribute('aria-checked', 'false');
  expect(await remindersOn(request, user.token)).toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Service reminder e-mails' })).toHaveAttribute('aria-checked', 'false');
  // By keyboard.
  await page.getByRole('switch', { name: 'Service reminder e-mails' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Service reminder e-mails' })).toHaveAttribute('aria-checked', 'true');
  expect(await remindersOn(request, user.token)).toBe(true);
});

test("the e-mail's unsubscribe page works signed out, asks first, and refuses a forged link", async ({ page, request, testServer }) => {
  const user = await registerUser(request);
  await page.goto(`/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(testServer.dataDir, user.id))}`);
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Service reminder e-mails', level: 1 })).toBeVisible();
  const button = page.getByRole('button', { name: 'Turn off reminders' });
  await expect(button).toBeVisible();
  await axeAtBothWidths(page, 'reminders-unsubscribe');
  // Opening the link changed nothing.
  expect(await remindersOn(request, user.token)).toBe(true);
  await button.click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByText('You will get no more service reminder e-mails.')).toBeVisible();
  await axeAtBothWidths(page);
  expect(await remindersOn(request, user.token)).toBe(false);

  // A link with the right account and a made-up signature.
  await page.goto(`/reminders/unsubscribe?token=${user.id}.${'A'.repeat(43)}`);
  await page.getByRole('button', { name: 'Turn off reminders' }).click();
  await expect(page.getByRole('heading', { name: 'Unsubscribe failed' })).toBeVisible();
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await axeAtBothWidths(page);
});

test('the admin sets service intervals in the workshop settings', async ({ loginAdmin, page }) => {
  test.slow();
  await loginAdmin();
  await page.goto('/admin/workshop/settings');
  await settled(page);
  const section = page.getByRole('region', { name: 'Service reminders' });
  const months = section.getByLabel('Oil Change: every how many months');
  const miles = section.getByLabel('Oil Change: every how many miles');
  // The demo's intervals.
  await expect(months).toHaveValue('6');
  await expect(miles).toHaveValue('5000');
  await section.scrollIntoViewIfNeeded();
  await axeAtBothWidths(page, 'reminders-intervals');

  await months.fill('0');
  await section.getByRole('button', { name: 'Save intervals' }).click();
  await expect(section.getByText('Enter whole months from 1 to 120, or leave it empty')).toBeVisible();
  await expect(months).toBeFocused();
  await expectNoAxeViolations(page);

  await months.fill('7');
  await miles.fill('');
  await section.getByRole('button', { name: 'Save intervals' }).click();
  await expect(toast(page, 'Service intervals saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Oil Change: every how many months')).toHaveValue('7');
  await expect(page.getByLabel('Oil Change: every how many miles')).toHaveValue('');

  // Put back what the demo had: the suggested intervals.
  await page.getByRole('button', { name: 'Use suggested intervals' }).click();
  await expect(page.getByLabel('Oil Change: every how many months')).toHaveValue('6');
  await page.getByRole('button', { name: 'Save intervals' }).click();
  await expect(toast(page, 'Service intervals saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Oil Change: every how many miles')).toHaveValue('5000');
});
