import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { adminToken, createListing, expectNoAxeViolations, settled, uniqueWord } from './quality-data';

// Issue 28, leads: a visitor's question (signed out) reaches the inbox, is answered by e-mail, and the
// car sold to that customer closes the lead Won. Forms and inbox pass axe at 375 and 1280 px and work
// from the keyboard.

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

async function axeAtBothWidths(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    await screenshot(page, `leads-${name}-${size.width}`, { fullPage: false });
  }
  await page.setViewportSize(WIDTHS[0]!);
}

test.describe('leads', () => {
  test('a question asked signed out is answered from the inbox and won through the sale', async ({ page, request, loginAdmin }) => {
    test.slow();
    const word = uniqueWord('Lead');
    const car = await createListing(request, await adminToken(request), `${word} Subaru Outback`);
    const visitor = { name: `Vera ${word}`, email: `${word.toLowerCase()}@example.com` };

    await page.goto(`/vehicles/${car._id}`);
    await settled(page);
    // Keyboard: the button opens the form; typing and Enter send it.
    const ask = page.getByRole('button', { name: 'Ask a Question' });
    await ask.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    // Sent empty: each field says what it needs.
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Please enter your name (at least 2 characters)')).toBeVisible();
    await axeAtBothWidths(page, 'question-form');
    await dialog.getByLabel('Name').fill(visitor.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(visitor.email);
    await dialog.getByLabel('Your question').fill('Is the timing belt done?');
    await dialog.getByLabel('Your question').press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toContainText('your question is on its way to our sales team');
    await axeAtBothWidths(page, 'question-sent');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();
    await expect(ask).toBeFocused();

    // The offer form asks for an amount.
    await page.getByRole('button', { name: 'Make an Offer' }).click();
    const offer = page.getByRole('dialog', { name: 'Make an Offer' });
    await expect(offer.getByLabel('Your offer (US dollars)')).toBeVisible();
    await axeAtBothWidths(page, 'offer-form');
    await page.keyboard.press('Escape');

    await loginAdmin();
    await page.goto('/admin/leads');
    await settled(page);
    const row = page.getByRole('link', { name: visitor.name });
    await expect(row).toBeVisible();
    await axeAtBothWidths(page, 'inbox');
    await row.click();
    await expect(page.getByRole('heading', { name: visitor.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Is the timing belt done?')).toBeVisible();
    await page.getByLabel(`Your reply to ${visitor.name}`).fill('Yes, it was changed at 60,000 miles.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply e-mailed by Alex Morgan')).toBeVisible();
    await expect(page.getByText('Contacted', { exact: true }).first()).toBeVisible();
    await axeAtBothWidths(page, 'lead');

    await page.getByRole('button', { name: 'Sold to this customer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark sold' }).click();
    await expect(page.getByText('Won', { exact: true }).first()).toBeVisible();
    const sold = await request.get(`/api/vehicles/${car._id}`);
    expect((await sold.json()).data.status).toBe('sold');

    // The e-mails: the visitor's confirmation and the reply.
    const token = await adminToken(request);
    const log = await request.get('/api/admin/emails?limit=100', { headers: { authorization: `Bearer ${token}` } });
    const subjects = ((await log.json()).data as { to: string; subject: string }[]).filter((m) => m.to === visitor.email).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([`We received your enquiry: ${word} Subaru Outback`, `Re: your enquiry about the ${word} Subaru Outback`]));
  });

  test('the inbox filters by status and overdue, and the cached vehicle page carries no visitor details', async ({ page, request, loginAdmin }) => {
    const car = await createListing(request, await adminToken(request), `${uniqueWord('Cache')} Subaru Outback`);
    const html = await (await request.get(`/vehicles/${car._id}`)).text();
    expect(html).toContain('Ask a Question');
    expect(html).toContain('Request a Test Drive');
    await loginAdmin();
    await page.goto('/admin/leads?overdue=true');
    await settled(page);
    await expect(page.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    await page.getByRole('tab', { name: 'Lost' }).click();
    await expect(page).toHaveURL(/status=Lost/);
  });
});
