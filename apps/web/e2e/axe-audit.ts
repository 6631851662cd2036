import type { Page } from '@playwright/test';
import { expect, screenshot } from './fixtures';
import { axeBuilder, settled } from './quality-data';

// A screen audited at both widths the suite checks: every axe violation is collected rather than
// failing on the first, so one run lists all of them (report() fails the test if any were found).

export const AUDIT_WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

export type Found = { screen: string; width: number; id: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe at both widths on what the page shows now and records every violation; with `shotName`,
 * also keeps a screenshot at each width (`<shotName>-<width>.png`) to look at.
 */
export async function audit(page: Page, screen: string, found: Found[], shotName?: string) {
  for (const size of AUDIT_WIDTHS) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const result = await axeBuilder(page).analyze();
    for (const v of result.violations) {
      found.push({
        screen,
        width: size.width,
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`),
      });
    }
    if (shotName) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `${shotName}-${size.width}`);
    }
  }
  await page.setViewportSize(AUDIT_WIDTHS[0]!);
}

/** Opens `url`, waits for its heading and quiet network, and audits it at both widths. */
export async function visit(page: Page, url: string, screen: string, found: Found[], shotName?: string) {
  await page.goto(url);
  await settled(page);
  await audit(page, screen, found, shotName);
}

/** Prints every violation found and fails if there was any. */
export function report(found: Found[]) {
  const text = found
    .map((f) => `[${f.screen} @${f.width}] ${f.id} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
  if (found.length > 0) console.log(`axe violations:\n${text}`);
  expect(found.length, 'axe violations (listed above)').toBe(0);
}
