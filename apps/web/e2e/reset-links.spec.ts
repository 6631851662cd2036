import type { APIRequestContext } from '@playwright/test';
import { expect, registerUser, screenshot, test } from './fixtures';
import { adminToken, auth, expectNoAxeViolations } from './quality-data';

// Password reset links as a newcomer meets them: a link that no longer works says so before any password
// is asked for, the page without a link explains itself, and an admin's Reset Password asks first and
// shows the whole link.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];
const DEAD_LINK = 'This reset link is invalid or has expired.';

/** A working link for a new customer, made the way an admin makes one. */
async function freshLink(request: APIRequestContext) {
  const user = await registerUser(request);
  const res = await request.post(`/api/users/${user.id}/password-reset`, { headers: auth(await adminToken(request)) });
  expect(res.status(), await res.text()).toBe(200);
  const url = new URL((await res.json()).data.resetUrl as string);
  return { user, token: url.hash.slice(1) };
}

test.describe('a reset link that no longer works', () => {
  for (const viewport of WIDTHS) {
    test(`says so before asking for a password, and offers a new one, at ${viewport.width} px`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const { token } = await freshLink(request);

      // A working link asks for the new password.
      await page.goto(`/reset-password#${token}`);
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();

      // Used (here by the API, as on another device): opening it again tells why at once.
      const used = await request.post('/api/auth/password-reset', { data: { token, password: 'BrandNew123!', confirmPassword: 'BrandNew123!' } });
      expect(used.status()).toBe(200);
      await page.goto('/');
      await page.goto(`/reset-password#${token}`);
      await expect(page.getByRole('heading', { name: 'Link no longer works' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(DEAD_LINK);
      await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `reset-link-dead-${viewport.width}`);

      // A link that never existed reads the same.
      await page.goto('/');
      await page.goto(`/reset-password#${'x'.repeat(43)}`);
      await expect(page.getByRole('alert')).toHaveText(DEAD_LINK);

      await page.getByRole('link', { name: 'Send me a new link' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    });

    test(`without a link, the page explains what to do at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
      await expect(page.getByText('This page opens from a password reset link.')).toBeVisible();
      await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `reset-link-none-${viewport.width}`);
      await page.getByRole('link', { name: 'Send me a reset link' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    });
  }
});

test.describe("an admin's Reset Password", () => {
  for (const viewport of WIDTHS) {
    test(`asks first, then shows the whole link at ${viewport.width} px`, async ({ loginAdmin, page, request, baseURL }) => {
      await page.setViewportSize(viewport);
      const user = await registerUser(request);
      await loginAdmin();
      await page.goto(`/admin/users/${user.id}`);
      await expect(page.getByRole('heading', { name: user.name, level: 1 })).toBeVisible();

      // Asked first; Cancel creates nothing.
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset Password' });
      await expect(dialog).toContainText(`Create a one-time link for ${user.name}`);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-reset-confirm-${viewport.width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel('Password reset link')).toHaveCount(0);

      await page.getByRole('button', { name: 'Reset Password' }).click();
      await dialog.getByRole('button', { name: 'Create Link' }).click();
      await expect(dialog).toBeHidden();
      const box = page.getByLabel('Password reset link');
      // The whole link, with the server's port, and all of it in view (nothing scrolled out of the box).
      await expect(box).toHaveValue(new RegExp(`^${baseURL!.replace(/[.:/]/g, '\\$&')}/reset-password#[A-Za-z0-9_-]{43}$`));
      const fits = await box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
      expect(fits, 'the link box shows the whole link').toBe(true);
      await box.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-reset-link-${viewport.width}`, { fullPage: false });

      // The link works.
      const token = (await box.inputValue()).split('#')[1]!;
      const check = await request.post('/api/auth/password-reset/check', { data: { token } });
      expect(check.status()).toBe(200);
    });
  }
});
