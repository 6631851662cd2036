import { expect, screenshot, test } from './fixtures';

test('home renders after the splash', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(page, 'home-1280');
});

test('unknown API path answers a JSON 404', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect((await res.json()).status).toBe('ERROR');
});
