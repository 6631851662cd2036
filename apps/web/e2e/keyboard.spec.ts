import type { Page } from '@playwright/test';
import { expect, newUserData, registerUser, test } from './fixtures';
import { arrowTo, focusedName, pressAndWaitForFocusMove } from './keyboard-focus';
import { bookAppointment, findFreeSlot, fullDate, makePng, monthTitle } from './quality-data';

const PNG = makePng();

// Keyboard only: after the first goto, every step uses page.keyboard (Tab, Shift+Tab, Enter, Space,
// arrows, Escape). Each stop is checked for a visible focus indicator.

/** The focused element draws an outline or a ring (box-shadow). */
async function expectFocusVisible(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return {
      outline: s.outlineStyle,
      width: s.outlineWidth,
      shadow: s.boxShadow,
      tag: el.tagName,
      name: el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40),
    };
  });
  const visible = (style.outline !== 'none' && style.width !== '0px') || (style.shadow !== 'none' && style.shadow !== '');
  expect(visible, `focus indicator on ${style.tag} "${style.name}": ${JSON.stringify(style)}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches, checking focus is visible there. */
async function tabTo(page: Page, name: string | RegExp, { back = false, max = 60 } = {}) {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (matches(await focusedName(page))) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`Tab never reached "${name}" (last: "${await focusedName(page)}")`);
}

async function typeInto(page: Page, label: string | RegExp, text: string) {
  await tabTo(page, label);
  await page.keyboard.type(text);
}

/**
 * The wizard moves the focus to a new step's heading once the step has rendered; tabbing before it has
 * would have the focus pulled back to the heading after the Tab landed.
 */
const expectStepFocused = (page: Page, step: number) => expect(page.getByRole('heading', { name: new RegExp(`^Step ${step} of 4`) })).toBeFocused();

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notifications/ }).getByText(text);

test.describe('keyboard only', () => {
  test('register by tabbing and typing', async ({ page }) => {
    const user = newUserData();
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await typeInto(page, 'Username', user.username);
    await typeInto(page, 'Full Name', user.name);
    await typeInto(page, 'Email', user.email);
    await typeInto(page, 'Phone', user.phone);
    await typeInto(page, 'Address', user.address);
    await typeInto(page, 'Password', user.password);
    await typeInto(page, 'Confirm Password', user.password);
    await tabTo(page, 'Register');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Register Success!')).toBeVisible({ timeout: 15_000 });
    await expect(page).not.toHaveURL(/\/register$/);
  });

  test('the side menu dialog takes focus and gives it back to its opener', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await tabTo(page, 'Open menu');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab stays inside the open dialog.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await expectFocusVisible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expectFocusVisible(page);
  });

  test('the listing wizard through all four steps', async ({ login, page }) => {
    test.slow();
    await login();
    await page.goto('/account/vehicles/create');
    await expect(page.getByRole('heading', { name: 'Vehicle Basic Information' })).toBeVisible();

    await typeInto(page, 'Make', 'Keyboard');
    await typeInto(page, 'Model', 'Estate');
    await typeInto(page, 'Year', '2017');
    await typeInto(page, 'Price ($)', '14900');
    await typeInto(page, 'Listing Title', 'Keyboard Estate, listed without a mouse');
    await tabTo(page, 'Next');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Vehicle Details' })).toBeVisible();
    await typeInto(page, 'Mileage (mi)', '51000');
    await tabTo(page, 'Fuel Type');
    await page.keyboard.press('ArrowDown'); // a native select changes with the arrows
    await typeInto(page, 'Description', 'Listed with the keyboard alone: every field reached by Tab.');
    await tabTo(page, 'Next');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Vehicle Photos' })).toBeVisible();
    await tabTo(page, /Click to upload photos/);
    await page.locator(':focus').setInputFiles([{ name: 'front.png', mimeType: 'image/png', buffer: PNG }]);
    await expect(page.getByTestId('photo-preview')).toHaveCount(1);
    await tabTo(page, 'Next');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
    await typeInto(page, 'Location', 'Springfield, IL');
    await typeInto(page, 'Phone', '+1 555 010 4545');
    await tabTo(page, 'Submit');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Vehicle created successfully!')).toBeVisible({ timeout: 20_000 });
  });

  test('the booking wizard, calendar and slots included', async ({ login, page, request }) => {
    test.slow();
    await login();
    // Past the demo week, where parallel tests fill the hours between finding a slot and picking it.
    const slot = await findFreeSlot(request, 8 + Math.floor(Math.random() * 8));
    await page.goto('/account/maintenance/create?service=routine');
    // The wizard is a lazy chunk that also waits for the workshop settings: over 10 s on a starved machine.
    await expect(page.getByRole('heading', { name: /^Step 1 of 4/ })).toBeVisible({ timeout: 30_000 });

    // Step 1: the category is chosen by the link; Tab into the services group, Space picks one.
    await tabTo(page, 'Oil Change');
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Oil Change' })).toBeChecked();
    await tabTo(page, 'Next');
    await page.keyboard.press('Enter');

    // Step 2: month arrows, then arrows through the days, Enter picks; a period tab, then a slot.
    await expectStepFocused(page, 2);
    await tabTo(page, 'Next month');
    const shownMonth = page.locator('h3[id^="calendar-"]');
    for (let i = 0; i < 3 && (await shownMonth.textContent()) !== monthTitle(slot.date); i += 1) {
      const before = (await shownMonth.textContent()) ?? '';
      await page.keyboard.press('Enter');
      await expect(shownMonth).not.toHaveText(before);
    }
    await expect(shownMonth).toHaveText(monthTitle(slot.date));
    await page.keyboard.press('Tab');
    await expectFocusVisible(page);
    const target = fullDate(slot.date);
    await arrowTo(page, 'ArrowRight', (name) => name.startsWith(target));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: new RegExp(`^${target}`) })).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, 'Morning');
    const hour = (Number(slot.time.slice(0, 2)) % 12) + (slot.time.endsWith('PM') ? 12 : 0);
    const steps = hour < 12 ? 0 : hour < 16 ? 1 : 2;
    for (let i = 0; i < steps; i += 1) await pressAndWaitForFocusMove(page, 'ArrowRight');
    await tabTo(page, slot.time);
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: slot.time, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, 'Next');
    await page.keyboard.press('Enter');

    // Step 3: vehicle.
    await expectStepFocused(page, 3);
    await typeInto(page, 'Vehicle Make', 'Toyota');
    await typeInto(page, 'Vehicle Model', 'Corolla');
    await typeInto(page, 'Registration Number', 'KEY-2024');
    await tabTo(page, 'Next');
    await page.keyboard.press('Enter');

    // Step 4: contact (prefilled from the profile), then book.
    await expectStepFocused(page, 4);
    await tabTo(page, 'Book Appointment');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Maintenance appointment booked successfully!')).toBeVisible({ timeout: 15_000 });
  });

  test('an admin changes a status from the row menu', async ({ loginAdmin, page, request }) => {
    const customer = await registerUser(request);
    const appointment = await bookAppointment(request, customer);
    // The menu lists every status but the current one: a new booking is Pending.
    expect(appointment.status).toBe('Pending');
    await loginAdmin();
    await page.goto(`/admin/maintenance?search=${encodeURIComponent(customer.name)}`);
    const table = page.getByRole('region', { name: 'Maintenance requests', exact: true });
    await expect(table.getByRole('row')).toHaveCount(2);

    const actions = `Actions for Battery Service (${appointment._id.slice(-8)})`;
    await tabTo(page, actions, { max: 80 });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'View Details',
      'Reschedule',
      'Mark as Scheduled',
      'Mark as Completed',
      'Mark as Cancelled',
    ]);
    // Opened from the keyboard, the menu focuses its first item.
    await expect.poll(() => focusedName(page)).toBe('View Details');
    await arrowTo(page, 'ArrowDown', (name) => name === 'Mark as Completed', 6);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Appointment marked as completed')).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(table.getByRole('button', { name: actions })).toBeFocused();
    await expectFocusVisible(page);
    await expect(table.getByText('Completed', { exact: true })).toBeVisible();

    // Escape closes the menu without a change and gives focus back.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(table.getByRole('button', { name: actions })).toBeFocused();
  });
});
