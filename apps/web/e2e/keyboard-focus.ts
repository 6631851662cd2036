import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// Moving the focus by keyboard, shared by the keyboard-only journeys and the booking calendar's test.

/** What a screen reader would call the focused element, near enough: label, aria-label or text. */
export function focusedName(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byLabel = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (
      el.getAttribute('aria-label') ??
      (labelled ? (document.getElementById(labelled)?.textContent ?? '') : null) ??
      byLabel ??
      el.textContent ??
      ''
    ).trim();
  });
}

/**
 * Presses a key and waits until the focus has moved to another element. Roving-focus widgets (menus,
 * tab lists) move the focus on a timer after the keydown, so reading the focus straight after the
 * press can still see the previous element, and a second press then skips one.
 */
export async function pressAndWaitForFocusMove(page: Page, key: string) {
  await page.evaluate(() => {
    (window as unknown as { focusBeforeKey?: Element | null }).focusBeforeKey = document.activeElement;
  });
  await page.keyboard.press(key);
  await expect
    .poll(
      () =>
        page.evaluate(() => document.activeElement !== (window as unknown as { focusBeforeKey?: Element | null }).focusBeforeKey),
      {
        message: `${key} moves the focus (from "${await focusedName(page)}")`,
      },
    )
    .toBe(true);
}

/** Presses an arrow key, one focus move at a time, until the focused element's name matches. */
export async function arrowTo(page: Page, key: string, matches: (name: string) => boolean, max = 40) {
  for (let i = 0; i < max && !matches(await focusedName(page)); i += 1) await pressAndWaitForFocusMove(page, key);
  expect(matches(await focusedName(page)), `${key} reached the wanted item (last: "${await focusedName(page)}")`).toBe(true);
}
