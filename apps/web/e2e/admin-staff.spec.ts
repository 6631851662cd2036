import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, loginAs, registerUser, screenshot, test } from './fixtures';
import { expectNoAxeViolations } from './quality-data';

// Staff controls: a listing's status, rejecting or sending back a listing awaiting review (the seller
// reads why on My Vehicles), promoting, demoting and deactivating accounts, and the way back to the site.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text).first();

async function createListing(request: APIRequestContext, token: string, title: string) {
  const res = await request.post('/api/vehicles', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title, make: 'Toyota', model: 'Corolla', year: '2019', price: '15500', description: 'A well kept family car.' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; status: string };
}

for (const size of WIDTHS) {
  test.describe(`staff controls at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('the admin changes a status, rejects a pending listing with a reason, and the seller reads it on My Vehicles', async ({ loginAdmin, page, request, browser, baseURL }) => {
      test.slow();
      const tag = randomUUID().slice(0, 6);
      const seller = await registerUser(request);
      const forStatus = await createListing(request, seller.token, `Status car ${tag}`);
      const forReview = await createListing(request, seller.token, `Review car ${tag}`);
      expect(forReview.status).toBe('pending');

      await loginAdmin();

      // Change Status: pending -> reserved, straight from the menu.
      await page.goto(`/admin/vehicles/${forStatus._id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Status car ${tag}` })).toBeVisible();
      // By keyboard: Enter opens the menu on its first item, the arrow moves, Enter chooses.
      await page.getByRole('button', { name: 'Change Status' }).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(['Mark as Available', 'Mark as Reserved', 'Mark as Draft', 'Mark as Sold']);
      await expect(menu.getByRole('menuitem', { name: 'Mark as Available' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Mark as Reserved' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Status changed to Reserved')).toBeVisible();
      await expect(page.getByText(/^reserved$/i).first()).toBeVisible();

      // Reject with a reason: the reason is required and its message does not move the buttons.
      await page.goto(`/admin/vehicles/${forReview._id}`);
      await expect(page.getByRole('button', { name: 'Send Back for Changes' })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `admin-staff-pending-${size.width}`);
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject Listing' });
      await expect(dialog).toBeVisible();
      const submit = dialog.getByRole('button', { name: 'Reject Listing' });
      const before = await submit.boundingBox();
      await submit.click();
      await expect(dialog.getByRole('alert')).toHaveText('Enter a reason for the seller');
      expect(await submit.boundingBox()).toEqual(before);
      await expectNoAxeViolations(page);
      await shot(page, `admin-staff-reject-dialog-${size.width}`);
      const reason = `The photos show a different car (${tag}).`;
      await dialog.getByLabel('Reason for the seller').fill(reason);
      await expect(dialog.getByText(`${reason.length}/500`)).toBeVisible();
      await submit.click();
      await expect(toast(page, 'Listing rejected')).toBeVisible();
      await expect(dialog).toBeHidden();
      // In Listing Details, and in the change history beside it.
      await expect(page.getByText('Returned to the seller')).toBeVisible();
      await expect(page.getByText(reason).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Back for Changes' })).toHaveCount(0);

      // The seller, in a browser of their own, reads the reason and what to do.
      const sellerContext = await browser.newContext({ viewport: size, baseURL });
      const sellerPage = await sellerContext.newPage();
      await loginAs(sellerPage, { emailOrUsername: seller.username, password: seller.password });
      await sellerPage.goto('/account/vehicles');
      const row = sellerPage.getByRole('listitem', { name: `Review car ${tag}` });
      await expect(row.getByText(`Returned by the dealership: ${reason}`)).toBeVisible();
      await expect(row.getByText('Edit the listing to make the changes, then save it to send it back for review.')).toBeVisible();
      await expectNoAxeViolations(sellerPage);
      await shot(sellerPage, `admin-staff-my-vehicles-${size.width}`);
      await sellerContext.close();
    });

    test('the admin promotes a user, demotes them, deactivates them, and they can no longer log in', async ({ loginAdmin, page, request, browser, baseURL }) => {
      test.slow();
      const user = await registerUser(request);
      const admin = await loginAdmin();
      // The list marks admins and offers the same actions in each row's menu.
      await page.goto(`/admin/users?search=${encodeURIComponent(user.username)}`);
      await page.getByRole('button', { name: `Actions for ${user.name}` }).locator('visible=true').click();
      await expect(page.getByRole('menuitem', { name: 'Make Admin' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.goto(`/admin/users/${user.id}`);
      await expect(page.getByRole('heading', { level: 1, name: user.name })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Make Admin' }).click();
      const promote = page.getByRole('dialog', { name: 'Make Admin' });
      await expect(promote).toContainText('will be able to manage vehicles');
      await expectNoAxeViolations(page);
      await shot(page, `admin-staff-promote-${size.width}`);
      await promote.getByRole('button', { name: 'Make Admin' }).click();
      await expect(toast(page, 'Admin access granted')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove Admin' })).toBeVisible();
      await expect(page.getByText('Administrator')).toBeVisible();

      await page.getByRole('button', { name: 'Remove Admin' }).click();
      const demote = page.getByRole('dialog', { name: 'Remove Admin' });
      await demote.getByRole('button', { name: 'Remove Admin' }).click();
      await expect(toast(page, 'Admin access removed')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Make Admin' })).toBeVisible();

      await page.getByRole('button', { name: 'Deactivate Account' }).click();
      const deactivate = page.getByRole('dialog', { name: 'Deactivate Account' });
      await expect(deactivate).toContainText('cannot log in until the account is activated again');
      await deactivate.getByRole('button', { name: 'Deactivate Account' }).click();
      await expect(toast(page, 'Account deactivated')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Activate Account' })).toBeVisible();
      await shot(page, `admin-staff-user-inactive-${size.width}`);

      // The user tries to log in, in a browser of their own.
      const userContext = await browser.newContext({ viewport: size, baseURL });
      const userPage = await userContext.newPage();
      await userPage.goto('/login');
      await userPage.getByLabel('Email or Username').fill(user.username);
      await userPage.getByLabel('Password', { exact: true }).fill(user.password);
      await userPage.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(userPage.getByText('Your account is not active. Please contact the dealership.').first()).toBeVisible();
      await expect(userPage).toHaveURL(/\/login/);
      await userContext.close();

      // The only active admin cannot remove their own admin access.
      const myId = admin.data._id;
      await page.goto(`/admin/users/${myId}`);
      await page.getByRole('button', { name: 'Remove Admin' }).click();
      await page.getByRole('dialog', { name: 'Remove Admin' }).getByRole('button', { name: 'Remove Admin' }).click();
      await expect(toast(page, 'The last active admin cannot be demoted. Make another user an admin first.')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/admin/users/${myId}$`));
    });

    test("'View site' leads from the admin area to the home page", async ({ loginAdmin, page }) => {
      await loginAdmin();
      await page.goto('/admin');
      if (size.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      const link = page.getByRole('link', { name: 'View site' }).last();
      await expect(link).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `admin-staff-view-site-${size.width}`);
      await link.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner')).toBeVisible();
    });
  });
}
