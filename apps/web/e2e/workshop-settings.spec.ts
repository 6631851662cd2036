import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { expectNoAxeViolations } from './quality-data';

// The workshop's places and service durations (/admin/workshop/settings), and the booking wizard saying how long
// a job takes. The settings screen changes the shared server's workshop, so each test puts back what it changed.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

for (const size of WIDTHS) {
  test.describe(`workshop settings at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('the admin reaches the screen from the menu, is told of a bad count, and saves by keyboard', async ({ loginAdmin, page }) => {
      // axe reads the long settings screen three times.
      test.slow();
      await loginAdmin();
      await page.goto('/admin');
      if (size.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Workshop Settings' }).last().click();
      await expect(page).toHaveURL(/\/admin\/workshop\/settings$/);
      await expect(page.getByRole('heading', { name: 'Workshop Settings', level: 1 })).toBeVisible();
      const booths = page.getByLabel('Paint booths');
      await expect(booths).toHaveValue(/\d+/);
      const before = await booths.inputValue();
      await expect(page.getByLabel('Full Body Paint: duration')).toHaveValue('5');
      await expect(page.getByLabel('Full Body Paint: unit')).toHaveValue('days');
      await expect(page.getByLabel('Full Body Paint: place')).toHaveValue('Paint booth');
      await expectNoAxeViolations(page);
      await screenshot(page, `workshop-settings-${size.width}`);

      // A count of 0: the field says why, nothing is sent.
      await booths.fill('0');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Enter a whole number from 1 to 50')).toBeVisible();
      await expect(booths).toBeFocused();
      await expectNoAxeViolations(page);

      // By keyboard: type the count, Tab on to the first duration, Enter submits the form.
      await booths.press('Control+a');
      await page.keyboard.type(String(Number(before) + 1));
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Oil Change: duration')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Workshop settings saved')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Paint booths')).toHaveValue(String(Number(before) + 1));

      // Put the workshop back as it was.
      await page.getByLabel('Paint booths').fill(before);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByLabel('Paint booths')).toHaveValue(before);
    });
  });
}

test('the booking wizard says how long the chosen job takes', async ({ login, page }) => {
  await login();
  await page.goto('/account/maintenance/create?service=painting');
  await page.getByRole('radio', { name: 'Full Body Paint' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('job-duration')).toHaveText('Takes about 5 working days: drop the car off at 8:00 AM on the first day');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.goto('/account/maintenance/create?service=mechanical');
  await page.getByRole('radio', { name: 'Engine Repair' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('job-duration')).toHaveText('Takes about 4 hours');
  await screenshot(page, 'wizard-duration-1280');
});
