import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { DEMO, expect, newUserData, registerUser, screenshot, test, type NewUser } from './fixtures';

/** A small real PNG made on the spot. */
async function pngFile(name = 'me.png', colour = '#1d4ed8') {
  const buffer = await sharp({ create: { width: 120, height: 90, channels: 3, background: colour } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function fillLogin(page: Page, emailOrUsername: string, password: string) {
  await page.getByLabel('Email or Username').fill(emailOrUsername);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: /, account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: /, account menu$/ })).toHaveCount(0);
}

async function fillRegister(page: Page, user: NewUser) {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone').fill(user.phone);
  await page.getByLabel('Address').fill(user.address);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
}

test.describe('accounts', () => {
  test('register with a picture, log out, log in by username and by e-mail', async ({ page }) => {
    const user = newUserData();
    await page.goto('/register');
    await expect(page).toHaveTitle(/Register/);
    await page.getByLabel('Profile picture (optional)').setInputFiles(await pngFile());
    await expect(page.getByRole('img', { name: 'Selected profile picture' })).toBeVisible();
    await fillRegister(page, user);
    await screenshot(page, 'accounts-register-filled-1280');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await expect(page.getByText('Register Success!', { exact: true })).toBeVisible();
    // A logged-in user does not stay on a guest-only page: the profile it is.
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByLabel('Username')).toHaveValue(user.username);
    await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /\/uploads\/avatars\/.+\.webp$/);

    await logOutThroughMenu(page);
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeAttached();

    await page.goto('/login');
    await fillLogin(page, user.username, user.password);
    await expect(page.getByText('Login Success!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await logOutThroughMenu(page);

    await page.goto('/login');
    await fillLogin(page, user.email.toUpperCase(), user.password);
    await expect(page.getByText('Login Success!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/profile$/);
  });

  test('register shows the field messages and refuses a taken username', async ({ page, request }) => {
    const taken = await registerUser(request);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    for (const message of ['Username is required', 'Name is required', 'Email is required', 'Phone is required', 'Address is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Password must be at least 8 characters.', { exact: true })).toBeVisible();

    const user = { ...newUserData(), username: 'bad..name' };
    await fillRegister(page, user);
    await page.getByLabel('Confirm Password').fill('Something-else1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Username must not contain consecutive dots.', { exact: true })).toBeVisible();
    await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();

    await page.getByLabel('Username').fill(taken.username.toUpperCase());
    await page.getByLabel('Confirm Password').fill(user.password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Username is already taken', { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('login shows field messages and the failure toast', async ({ page, request }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email or username is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters.', { exact: true })).toBeVisible();

    // A wrong password is an everyday answer, told in the toast: the console stays quiet (the browser's
    // own line about the 401 response aside).
    const consoleLines: string[] = [];
    page.on('console', (msg) => {
      if (['warning', 'error'].includes(msg.type()) && !msg.text().startsWith('Failed to load resource')) consoleLines.push(msg.text());
    });
    await fillLogin(page, (await registerUser(request)).username, 'Wrong-password-1');
    await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email/username or password', { exact: true })).toBeVisible();
    expect(consoleLines).toEqual([]);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Register', exact: true }).last()).toHaveAttribute('href', '/register');
  });

  test('edit the profile: wrong old password refused, details and picture saved, password changed', async ({ login, page }) => {
    const user = await login();
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(user.username);
    await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Old password is required', { exact: true })).toBeVisible();

    await page.getByLabel('Full Name').fill('Renamed Person');
    await page.getByLabel('Old Password (required to update)').fill('Not-my-password-1');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Old password is incorrect', { exact: true }).first()).toBeVisible();

    await page.getByLabel('Profile picture').setInputFiles(await pngFile('new.png', '#dc2626'));
    await expect(page.getByRole('img', { name: 'Selected profile picture' })).toBeVisible();
    await page.getByLabel('Old Password (required to update)').fill(user.password);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Personal info updated successfully!', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /\/uploads\/avatars\/.+\.webp$/);
    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Person');

    await page.getByLabel('New Password', { exact: true }).fill('Changed-pass-2');
    await page.getByLabel('Confirm New Password').fill('Changed-pass-22');
    await page.getByLabel('Old Password (required to update)').fill(user.password);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Passwords must match', { exact: true })).toBeVisible();

    await page.getByLabel('Confirm New Password').fill('Changed-pass-2');
    const saved = page.waitForResponse((res) => res.url().endsWith('/api/users/profile') && res.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Personal info updated successfully!', { exact: true })).toBeVisible();
    // The session survives its own password change: the server keeps the session the access token
    // names, so this device's refresh cookie still restores it without the access token.
    await page.context().clearCookies({ name: 'accessToken' });
    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Person');

    await logOutThroughMenu(page);
    await page.goto('/login');
    await fillLogin(page, user.username, user.password);
    await expect(page.getByText('Invalid email/username or password', { exact: true })).toBeVisible();
    await page.reload();
    await fillLogin(page, user.username, 'Changed-pass-2');
    await expect(page.getByText('Login Success!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/profile$/);
  });

  test('guest-only pages and the saved route', async ({ page, request }) => {
    const user = await registerUser(request);
    await page.goto('/account/vehicles');
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account\/vehicles$/);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/account\/profile$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/account\/profile$/);

    // The saved route was used once and forgotten.
    await logOutThroughMenu(page);
    await page.goto('/login');
    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/account\/profile$/);
  });

  test('an admin goes to /admin after login; others are sent to login from /admin', async ({ login, page }) => {
    await login();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/The admin area needs an administrator account\./)).toBeVisible();
    await logOutThroughMenu(page);

    await page.goto('/login');
    await fillLogin(page, DEMO.admin.emailOrUsername, DEMO.admin.password);
    await expect(page.getByText('Login Success!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('reload keeps the session; the account overview links everywhere', async ({ login, page }) => {
    const user = await login();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    for (const [name, href] of [
      ['Profile', '/account/profile'],
      ['My Vehicles', '/account/vehicles'],
      ['Maintenance History', '/account/maintenance/history'],
      ['Purchases', '/account/purchases'],
    ] as const) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) }).first()).toHaveAttribute('href', href);
    }
    // Only the saved route and the logged-in flag are kept on the device.
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored.every((key) => ['dealer.savedRoute', 'dealer.isLoggedIn'].includes(key))).toBe(true);
    // Without the access token cookie the refresh cookie restores the session.
    await page.context().clearCookies({ name: 'accessToken' });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
  });

  for (const width of [375, 1280]) {
    test(`screens and the account menu at ${width} px`, async ({ login, page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await screenshot(page, `accounts-login-${width}`);
      await page.goto('/register');
      await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
      await screenshot(page, `accounts-register-${width}`);

      await login();
      await page.goto('/account/profile');
      await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible();
      await screenshot(page, `accounts-profile-${width}`);
      await page.goto('/account');
      await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
      await screenshot(page, `accounts-overview-${width}`);

      await page.getByRole('button', { name: /, account menu$/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText('My Account', { exact: true })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'My Maintenance' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveCount(0);
      await expect(menu.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
      await screenshot(page, `accounts-menu-${width}`, { fullPage: false });
      await menu.getByRole('menuitem', { name: 'View Profile' }).click();
      await expect(page).toHaveURL(/\/account\/profile$/);
    });
  }
});
