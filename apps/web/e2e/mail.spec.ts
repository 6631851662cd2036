import type { Locator } from '@playwright/test';
import { expect, newUserData, registerUser, screenshot, test } from './fixtures';
import { mailsTo } from './mailbox';
import { expectNoAxeViolations } from './quality-data';

// E-mail: forgot password from the login page to the link in the e-mail the server wrote as an .eml
// file (no SMTP_URL: DATA_DIR/mail), and the admin's e-mail log.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];
const NEUTRAL =
  'If an account uses this e-mail address, we have sent it a link to reset the password. The link works once and expires in 1 hour.';


/** The first character of each line after the first, where the text of `cell` wraps. */
function wrappedLineStarts(cell: Locator): Promise<string[]> {
  return cell.evaluate((el) => {
    const starts: string[] = [];
    let lastTop: number | null = null;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const { top } = range.getBoundingClientRect();
        if (lastTop !== null && top > lastTop + 2) starts.push(text[i]!);
        lastTop = top;
      }
    }
    return starts;
  });
}

test.describe('forgot password', () => {
  for (const viewport of WIDTHS) {
    test(`from the login page to a new password at ${viewport.width} px`, async ({ page, request, testServer }) => {
      // The message goes out through the job queue, which retries a failed delivery after 30 s.
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const user = await registerUser(request, newUserData());

      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
      await expectNoAxeViolations(page);
      // Bad input: a clear message, nothing sent.
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText('Invalid email address')).toBeVisible();

      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Email').press('Enter');
      await expect(page.getByRole('status')).toHaveText(NEUTRAL);
      await expectNoAxeViolations(page);
      await screenshot(page, `mail-forgot-sent-${viewport.width}`);

      // An unknown address gets the very same answer.
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('status')).toHaveText(NEUTRAL);

      const mail = await expect
        .poll(async () => (await mailsTo(testServer.dataDir, user.email, 'Reset your Apex Motors password'))[0], { timeout: 60_000 })
        .toBeTruthy()
        .then(async () => (await mailsTo(testServer.dataDir, user.email, 'Reset your Apex Motors password'))[0]!);
      expect(mail).toContain('Content-Type: text/html');
      const link = /(http:\/\/localhost:\d+\/reset-password#[A-Za-z0-9_-]+)/.exec(mail)?.[1];
      expect(link, 'reset link in the e-mail').toBeTruthy();
      const token = link!.split('#')[1]!;

      await page.goto(`/reset-password#${token}`);
      await page.getByLabel('New password', { exact: true }).fill('BrandNew123!');
      await page.getByLabel('Confirm new password').fill('BrandNew123!');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

      // Every session ended; the new password works; the link works only once.
      expect((await request.get('/api/users/profile', { headers: { authorization: `Bearer ${user.token}` } })).status()).toBe(401);
      const login = await request.post('/api/auth/login', { data: { emailOrUsername: user.email, password: 'BrandNew123!' } });
      expect(login.status()).toBe(200);
      await page.goto('/');
      await page.goto(`/reset-password#${token}`);
      await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
      await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    });
  }
});

test.describe('admin e-mail log', () => {
  for (const viewport of WIDTHS) {
    test(`lists the messages and resends one at ${viewport.width} px`, async ({ loginAdmin, page, request }) => {
      await page.setViewportSize(viewport);
      await loginAdmin();
      // A new customer's welcome e-mail is the newest message; a long address, to see where it wraps.
      const data = newUserData();
      const user = await registerUser(request, { ...data, email: `long.address.${data.email.replace('@', '@mail.')}` });

      await page.goto('/admin');
      // On a phone the sidebar sits behind the menu button.
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'E-mail Log' }).last().click();
      await expect(page.getByRole('heading', { name: 'E-mail Log' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: user.email }).filter({ hasText: 'Welcome to Apex Motors' });
      await expect(async () => {
        await page.reload();
        await expect(row.getByText('Delivered')).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 30_000 });
      await expectNoAxeViolations(page);
      await screenshot(page, `mail-log-${viewport.width}`);
      // The address wraps, if at all, before its '@' or a dot, never mid-name.
      for (const start of await wrappedLineStarts(row.locator('td').first().locator('span.break-words').last())) expect(['@', '.']).toContain(start);

      // The subject opens the message as the customer got it.
      await row.getByRole('button', { name: 'Welcome to Apex Motors', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Welcome to Apex Motors' });
      await expect(dialog).toContainText(`To ${user.email}`);
      // The welcome e-mail repeats nothing the sign-up typed (issue 23 item 20).
      await expect(dialog).toContainText('Hello,\n\nWelcome to Apex Motors. Your account is ready');
      await expect(dialog).not.toContainText(user.name);
      await expect(dialog).toContainText('Go to your account: ');
      await expectNoAxeViolations(page);
      await screenshot(page, `mail-message-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Close' }).click();

      await row.getByRole('button', { name: `Resend "Welcome to Apex Motors" to ${user.email}` }).click();
      await expect(page.getByText('E-mail queued again', { exact: true })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: user.email })).toHaveCount(2);

      await page.getByRole('tab', { name: 'Failed' }).click();
      await expect(page).toHaveURL(/status=failed/);
      await expectNoAxeViolations(page);
    });
  }
});
