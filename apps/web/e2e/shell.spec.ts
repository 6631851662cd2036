import { expect, screenshot, test } from './fixtures';

test.describe('home and shell', () => {
  test('home shows hero, services, featured cars and contact buttons', async ({ page, request }) => {
    const featured = (await (await request.get('/api/vehicles?limit=3')).json()).data as unknown[];
    await page.goto('/');
    await expect(page).toHaveTitle(/Home/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Cars' })).toHaveAttribute('href', '/vehicle-sales');
    await expect(page.getByRole('link', { name: 'Sell Your Car' }).first()).toHaveAttribute('href', '/account/vehicles/create');
    await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
    for (const service of ['Car Sales', 'Car Purchase', 'Maintenance']) {
      await expect(page.getByRole('heading', { name: service, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Featured Cars' })).toBeVisible();
    if (featured.length > 0) await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(featured.length);
    else await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Chat with us/ })).toHaveAttribute('href', /wa\.me/);
    await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
    await screenshot(page, 'home-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'home-375');
  });

  test('footer has real quick links, contact details and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'About Us' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Buy a Car' })).toHaveAttribute('href', '/vehicle-sales');
    await expect(footer.getByRole('link', { name: 'Sell Your Car' })).toHaveAttribute('href', '/account/vehicles/create');
    await expect(footer.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await footer.getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  });

  test('header at 1280 px: links, login and register, style change after scrolling', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/vehicle-sales');
    await expect(nav.getByRole('link', { name: 'Maintenance' })).toHaveAttribute('href', '/maintenance');
    await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('header at 375 px: side menu opens at 80% width and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Log In' })).toBeHidden();
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBeCloseTo(300, 0);
    await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();
    await screenshot(page, 'side-menu-375');
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await header.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Maintenance' }).click();
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('side menu is at most 350 px wide on a larger phone', async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect((await page.getByRole('dialog').boundingBox())?.width).toBeLessThanOrEqual(350);
  });

  test('splash shows while the session is restored, then the page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('dealer.isLoggedIn', 'true'));
    await page.route('**/api/auth/refresh', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/about');
    await expect(page.getByText('Your journey begins here')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByText('Your journey begins here')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('dealer.isLoggedIn'))).toBeNull();
  });

  test('not found page offers the way home', async ({ page }) => {
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText(/took a wrong turn/)).toBeVisible();
    await screenshot(page, 'not-found-1280');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('informational pages have real content', async ({ page }) => {
    for (const [path, heading] of [
      ['/services', 'Services'],
      ['/about', 'About Us'],
      ['/contact', 'Contact Us'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(/\w{4,}.*\w{4,}/);
    }
    await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /wa\.me/);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/services');
    await screenshot(page, 'services-375');
  });
});

test.describe('server', () => {
  test('unknown API path answers a JSON 404', async ({ request }) => {
    const res = await request.get('/api/does-not-exist');
    expect(res.status()).toBe(404);
    expect((await res.json()).status).toBe('ERROR');
  });

  test('assets are hashed and cached for a year; pages are kept a second at most', async ({ request, page }) => {
    const home = await request.get('/');
    expect(home.headers()['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect((await request.get('/account')).headers()['cache-control']).toBe('no-cache');
    expect(home.headers()['content-security-policy']).toContain("script-src 'self'");
    const asset = /\/assets\/[^"]+\.js/.exec(await home.text())?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(asset!, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers()['cache-control']).toContain('immutable');
    expect(res.headers()['content-encoding']).toMatch(/br|gzip/);
    void page;
  });
});
