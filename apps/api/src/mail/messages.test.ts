import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from '../db/schema';
import { createTestApp, type TestContext } from '../test/harness';
import { renderEmail } from './templates';
import { register } from '../test/sessions';
import { registrationFields } from '../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { PUBLIC_URL: 'https://cars.example.com/' } });
});
afterAll(() => ctx.close());

describe('welcome e-mail', () => {
  it('is queued with the new account, and not for a refused registration', async () => {
    const fields = registrationFields();
    const res = await register(ctx, fields);
    expect(res.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, fields.email!));
    expect(rows).toMatchObject([{ kind: 'welcome', subject: 'Welcome to Apex Motors', status: 'queued', payload: { name: fields.name } }]);

    // The same username again: refused, nothing queued.
    const again = await register(ctx, { ...fields, email: `other-${fields.email}` });
    expect(again.statusCode).toBe(409);
    expect(await ctx.database.db.$count(emailMessages, eq(emailMessages.toAddress, `other-${fields.email}`))).toBe(0);
  });
});

describe('templates', () => {
  const ctxRender = { baseUrl: 'https://cars.example.com', timeZone: 'America/New_York', now: new Date('2026-06-10T14:30:00Z'), workshop: { address: '1 Main St', phone: '+1 555 0100' }, sender: 'shop@example.com' };
  const listing = { vehicleId: 'v-1', title: '2021 Honda Civic', sellerName: 'Sam <Seller>' };

  it('write HTML and plain text with absolute links and escape what customers typed', () => {
    const sentBack = renderEmail({ kind: 'listing-sent-back', to: 's@example.com', data: { ...listing, reason: 'Add a photo of the <interior>' } }, ctxRender);
    expect(sentBack.subject).toBe('Your listing needs changes: 2021 Honda Civic');
    expect(sentBack.text).toContain('What to change: Add a photo of the <interior>');
    expect(sentBack.text).toContain('https://cars.example.com/account/vehicles/v-1/edit');
    expect(sentBack.html).toContain('Add a photo of the &lt;interior&gt;');
    expect(sentBack.html).toContain('Hello Sam &lt;Seller&gt;,');
    expect(sentBack.html).not.toContain('<interior>');
    expect(sentBack.attachments).toEqual([]);

    const rejected = renderEmail({ kind: 'listing-rejected', to: 's@example.com', data: { ...listing, reason: 'Duplicate listing' } }, ctxRender);
    expect(rejected.text).toContain('Reason: Duplicate listing');
    const sold = renderEmail({ kind: 'listing-sold', to: 's@example.com', data: listing }, ctxRender);
    expect(sold.subject).toBe('Sold: 2021 Honda Civic');
    const approved = renderEmail({ kind: 'listing-approved', to: 's@example.com', data: listing }, ctxRender);
    expect(approved.text).toContain('https://cars.example.com/vehicles/v-1');

    const reset = renderEmail(
      { kind: 'password-reset', to: 'r@example.com', data: { name: 'Ann', token: 'tok_123', expiresAt: '2026-06-10T15:30:00Z' } },
      ctxRender,
    );
    expect(reset.text).toContain('Reset your password: https://cars.example.com/reset-password#tok_123');
    expect(reset.text).toContain('expires in 1 hour');
  });
});
