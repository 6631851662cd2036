import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, loginAs, registerUser, test } from './fixtures';
import { adminToken, auth, axeBuilder, findFreeSlot, fullDate, showMonthOf, period, type Slot } from './quality-data';

// Moving an appointment to another slot: the customer from the history card, staff from the admin
// list's row menu, both with the booking wizard's calendar and slot picker in a dialog.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/** 'June 12, 2026', as the history card and the admin list print a date. */
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function book(request: APIRequestContext, token: string, slot: Slot, registration: string) {
  const res = await request.post('/api/maintenance', {
    headers: auth(token),
    data: {
      maintenanceType: 'routine',
      specificService: 'Oil Change',
      appointmentDate: slot.date,
      appointmentTime: slot.time,
      vehicle: { make: 'Honda', model: 'Civic', year: '2019', registration },
      customer: { name: 'Riley Reschedule', email: 'riley@example.com', phone: '+1 555 010 4000' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string };
}

/** Two free slots on different days, the second well after the first. */
async function twoSlots(request: APIRequestContext): Promise<[Slot, Slot]> {
  const first = await findFreeSlot(request, 2 + Math.floor(Math.random() * 5));
  let second = await findFreeSlot(request, 9 + Math.floor(Math.random() * 5));
  if (second.date === first.date) second = await findFreeSlot(request, 16);
  return [first, second];
}

async function chooseSlot(dialog: Locator, slot: Slot) {
  await showMonthOf(dialog, slot.date);
  await dialog.getByRole('button', { name: new RegExp(`^${fullDate(slot.date)}`) }).click();
  await dialog.getByRole('tab', { name: period(slot.time) }).click();
  await dialog.getByRole('button', { name: slot.time, exact: true }).click();
  await expect(dialog.getByRole('button', { name: slot.time, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

/** axe on the open dialog at both widths (the rules in AXE_TAGS), 0 violations. */
async function expectDialogAccessible(page: Page) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const result = await axeBuilder(page).include('[role="dialog"]').analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help} @${size.width}`)).toEqual([]);
  }
}

async function dialogShot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/reschedule/${name}.png` });
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** Presses Tab until the focused element's accessible name (or text) matches. */
async function tabTo(page: Page, name: RegExp, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

async function signInCustomer(page: Page, request: APIRequestContext) {
  const user = await registerUser(request);
  await page.context().clearCookies();
  const session = await loginAs(page, { emailOrUsername: user.email, password: user.password });
  return { ...user, token: session.tokens.accessToken };
}

test.describe('rescheduling an appointment', () => {
  for (const size of WIDTHS) {
    test(`a customer moves a booking from the history to another slot at ${size.width} px`, async ({ page, request }) => {
      test.slow();
      await page.setViewportSize(size);
      const customer = await signInCustomer(page, request);
      const [current, target] = await twoSlots(request);
      await book(page.request, customer.token, current, `RS-${randomUUID().slice(0, 6)}`);

      await page.goto('/account/maintenance/history');
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Oil Change' }) });
      await expect(card.getByText(longDate(current.date))).toBeVisible();
      await card.getByRole('button', { name: 'Reschedule' }).click();

      const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`${longDate(current.date)} at ${current.time}`)).toBeVisible();
      // The calendar opens on the appointment's own day.
      await expect(dialog.getByRole('button', { name: new RegExp(`^${fullDate(current.date)}`) })).toHaveAttribute('aria-pressed', 'true');

      // Its own slot is marked 'Current', not offered.
      await dialog.getByRole('tab', { name: period(current.time) }).click();
      await expect(dialog.getByRole('button', { name: `${current.time} Current` })).toBeDisabled();

      // No time chosen yet: the message appears and the buttons stay where they were.
      const submit = dialog.getByRole('button', { name: 'Reschedule', exact: true });
      await submit.scrollIntoViewIfNeeded();
      const before = await submit.boundingBox();
      await submit.click();
      await expect(dialog.getByText('Please select a time slot')).toBeVisible();
      expect(await submit.boundingBox()).toEqual(before);
      await dialogShot(page, `dialog-message-${size.width}`);

      await chooseSlot(dialog, target);
      await expectDialogAccessible(page);
      await page.setViewportSize(size);
      await dialogShot(page, `dialog-${size.width}`);
      await submit.click();

      await expect(toast(page, 'Appointment rescheduled successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card.getByText(longDate(target.date))).toBeVisible();
      await expect(card.getByText(target.time, { exact: true })).toBeVisible();
      await expect(card.getByText('Pending')).toBeVisible();

      // The old place is free again, the new one taken.
      const old = await (await request.get(`/api/maintenance/availability?date=${current.date}`)).json();
      expect(old.data.availability.find((s: { time: string }) => s.time === current.time).available).toBe(true);
      await page.screenshot({ path: `/tmp/reschedule/history-after-${size.width}.png`, fullPage: true });
    });
  }

  test('the keyboard alone opens the dialog, picks a day and a slot and confirms', async ({ page, request }) => {
    test.slow();
    const customer = await signInCustomer(page, request);
    const [current, target] = await twoSlots(request);
    await book(page.request, customer.token, current, `KB-${randomUUID().slice(0, 6)}`);
    await page.goto('/account/maintenance/history');
    await expect(page.getByRole('heading', { name: 'Oil Change' })).toBeVisible();

    await tabTo(page, /^Reschedule$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await expect(dialog).toBeVisible();

    // Into the calendar: its one tab stop is the chosen day; the arrow walks on, across months too.
    await tabTo(page, new RegExp(`^${fullDate(current.date)}`));
    for (let i = 0; i < 45; i += 1) {
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      if (focused.startsWith(fullDate(target.date))) break;
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(50);
    }
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: new RegExp(`^${fullDate(target.date)}`) })).toHaveAttribute('aria-pressed', 'true');

    await tabTo(page, /^(Morning|Afternoon|Evening)$/);
    const wanted = period(target.time);
    for (let i = 0; i < 3; i += 1) {
      if ((await page.evaluate(() => document.activeElement?.textContent ?? '')) === wanted) break;
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Enter');
    await tabTo(page, new RegExp(`^${target.time}$`));
    await page.keyboard.press('Enter');
    await tabTo(page, /^Reschedule$/);
    await page.keyboard.press('Enter');

    await expect(toast(page, 'Appointment rescheduled successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article').getByText(longDate(target.date), { exact: true })).toBeVisible();
  });

  for (const size of WIDTHS) {
    test(`an admin moves a Scheduled appointment from the row menu at ${size.width} px and it stays Scheduled`, async ({
      loginAdmin,
      page,
      request,
    }) => {
      test.slow();
      // Staff sign in before the customer registers in the same request context.
      const staffToken = await adminToken(request);
      const customer = await registerUser(request);
      const registration = `AD-${randomUUID().slice(0, 6)}`;
      const [current, target] = await twoSlots(request);
      const appointment = await book(request, customer.token, current, registration);
      const approve = await request.patch(`/api/maintenance/${appointment._id}`, {
        headers: auth(staffToken),
        data: { status: 'Scheduled', technician: 'Mike Ross', cost: 120 },
      });
      expect(approve.status(), await approve.text()).toBe(200);

      await page.setViewportSize(size);
      await loginAdmin();
      await page.goto(`/admin/maintenance?search=${registration}`);
      const menu = page.getByRole('button', { name: `Actions for Oil Change (${appointment._id.slice(-8)})` });
      await menu.click();
      await page.getByRole('menuitem', { name: 'Reschedule' }).click();

      const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      await expect(dialog.getByText(`${longDate(current.date)} at ${current.time}`)).toBeVisible();
      // Staff are not told the move needs confirming: their move keeps the status.
      await expect(dialog.getByText('A new time goes back to the workshop for confirmation.')).toHaveCount(0);
      await chooseSlot(dialog, target);
      await dialogShot(page, `admin-dialog-${size.width}`);
      await dialog.getByRole('button', { name: 'Reschedule', exact: true }).click();

      await expect(toast(page, 'Appointment rescheduled successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();
      // The keyboard carries on from the row menu the dialog was opened from.
      await expect(menu).toBeFocused();
      const rows = size.width >= 1024 ? page.getByRole('table') : page.getByRole('list', { name: 'Maintenance requests' });
      await expect(rows.getByText(longDate(target.date), { exact: false })).toBeVisible();
      await expect(rows.getByText('Scheduled')).toBeVisible();

      const saved = await request.get(`/api/maintenance/${appointment._id}`, { headers: auth(staffToken) });
      expect((await saved.json()).data).toMatchObject({ appointmentDate: `${target.date}T12:00:00.000Z`, appointmentTime: target.time, status: 'Scheduled' });
      await page.screenshot({ path: `/tmp/reschedule/admin-after-${size.width}.png`, fullPage: true });
    });
  }
});
