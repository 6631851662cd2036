import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@dealer/shared';
import { fixedClock } from '../infra/clock';
import { createTestApp, type TestContext } from '../test/harness';
import { createAdmin, createVehicles } from '../test/factories';
import { createVehicleViaApi } from '../test/requests';
import { jpegImage } from '../test/images';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Apex Motors: buy and sell quality vehicles." />
    <title>Apex Motors</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let ctx: TestContext;
let webDir: string;
let vehicle: Vehicle;
let pendingId: string;
let soldId: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'vehapi-web-'));
  await mkdir(webDir, { recursive: true });
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  ctx = await createTestApp({ config: { WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://cars.example.com' } });
  const admin = await createAdmin(ctx);
  vehicle = await createVehicleViaApi(
    ctx,
    admin,
    {
      title: 'Honda "Civic" </script><script>alert(1)</script>',
      make: 'Honda',
      model: 'Civic',
      year: '2019',
      price: '18500',
      mileage: '42000',
      fuelType: 'Petrol',
      transmission: 'Manual',
      condition: 'Good',
      location: 'Denver, CO',
      description: 'One careful owner, full service history.',
    },
    [{ data: await jpegImage(64, 48) }],
  );
  [pendingId, soldId] = (await createVehicles(ctx, [
    { status: 'pending', title: 'Secret pending listing' },
    { status: 'sold', title: 'Sold Sedan', price: 9999 },
  ])) as [string, string];
});
afterAll(async () => {
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

function headOf(html: string) {
  return html.slice(0, html.indexOf('</head>'));
}

describe('vehicle page meta', () => {
  it.each(['/vehicles', '/vehicle'])(
    'answers %s/:id with title, description, Open Graph tags and Car JSON-LD',
    async (prefix) => {
      const res = await ctx.app.inject({ method: 'GET', url: `${prefix}/${vehicle._id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const head = headOf(res.body);
      expect(head).toContain(
        '<title>Honda &quot;Civic&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; - $18,500 | Apex Motors</title>',
      );
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head.match(/name="description"/g)).toHaveLength(1);
      expect(head).toContain(
        '<meta name="description" content="2019 Honda Civic · $18,500 · 42,000 mi · Petrol · Manual · Denver, CO. One careful owner, full service history." />',
      );
      expect(head).toContain(
        '<meta property="og:title" content="Honda &quot;Civic&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; - $18,500" />',
      );
      expect(head).toContain(`<meta property="og:url" content="https://cars.example.com/vehicles/${vehicle._id}" />`);
      expect(head).toContain(`<meta property="og:image" content="https://cars.example.com${vehicle.images[0]!.url}" />`);
      expect(head).toContain('<meta property="og:description" content="2019 Honda Civic');

      const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1];
      expect(json).toBeDefined();
      expect(json).not.toContain('<');
      const ld = JSON.parse(json!);
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Car',
        name: 'Honda "Civic" </script><script>alert(1)</script>',
        brand: { '@type': 'Brand', name: 'Honda' },
        model: 'Civic',
        vehicleModelDate: '2019',
        mileageFromOdometer: { value: 42000, unitCode: 'SMI' },
        fuelType: 'Petrol',
        vehicleTransmission: 'Manual',
        itemCondition: 'https://schema.org/UsedCondition',
        image: [`https://cars.example.com${vehicle.images[0]!.url}`],
        offers: { '@type': 'Offer', price: 18500, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      });
      // The injected title never closes the JSON-LD script early.
      expect(res.body.match(/<script/g)).toHaveLength(1);
    },
  );

  it('never takes the address from the Host header: PUBLIC_URL, else http://localhost:PORT', async () => {
    // robots.txt and the sitemap are publicly cacheable: a forged Host must not reach a shared cache.
    const forged = { host: 'evil.example:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const url of [`/vehicles/${vehicle._id}`, '/robots.txt', '/sitemap.xml']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: forged });
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toContain('evil.example');
      expect(res.body, url).toContain('https://cars.example.com/');
    }
    const local = await createTestApp({ config: { WEB_DIST_DIR: webDir, PORT: 8123 }, database: ctx.database });
    try {
      const res = await local.app.inject({ method: 'GET', url: `/vehicles/${vehicle._id}`, headers: forged });
      expect(res.body).toContain(`<meta property="og:url" content="http://localhost:8123/vehicles/${vehicle._id}" />`);
      const robots = await local.app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
      expect(robots.body).toContain('Sitemap: http://localhost:8123/sitemap.xml');
    } finally {
      await local.close();
    }
  });

  it('marks a sold listing as sold out and keeps it reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/vehicles/${soldId}` });
    expect(res.body).toContain('<title>Sold Sedan - $9,999 | Apex Motors</title>');
    expect(res.body).toContain('https://schema.org/SoldOut');
    expect(res.body).not.toContain('og:image');
  });

  it('answers the plain app for unknown, malformed and private listings', async () => {
    for (const id of [pendingId, '00000000-0000-4000-8000-000000000000', 'garbage']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/vehicles/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });
});

describe('sitemap', () => {
  it('lists home, the public pages and public listings only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const page of ['/', '/vehicles', '/vehicle-sales', '/maintenance', '/services', '/about', '/contact']) {
      expect(res.body).toContain(`<loc>https://cars.example.com${page}</loc>`);
    }
    expect(res.body).toContain(`<loc>https://cars.example.com/vehicles/${vehicle._id}</loc>`);
    expect(res.body).not.toContain(pendingId);
    expect(res.body).not.toContain(soldId);
  });

  it('reads the listings again only after five minutes', async () => {
    const clock = fixedClock('2026-06-01T10:00:00Z');
    const node = await createTestApp({ database: ctx.database, clock });
    try {
      const sitemap = async () => (await node.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      await sitemap();
      const [added] = await createVehicles(ctx, [{}]);
      clock.advance(4 * 60 * 1000);
      expect(await sitemap()).not.toContain(added!);
      clock.advance(2 * 60 * 1000);
      expect(await sitemap()).toContain(added!);
    } finally {
      await node.close();
    }
  });
});

describe('without a web build', () => {
  it('answers vehicle pages with a JSON 404 and still serves the sitemap', async () => {
    const bare = await createTestApp({ database: ctx.database });
    try {
      const res = await bare.app.inject({ method: 'GET', url: `/vehicles/${vehicle._id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'ERROR', statusCode: 404 });
      expect((await bare.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
