// Cache poisoning (issue 23, items 6 and 16): a kept answer or page may only be served for an address
// whose handler and renderer read the same input as the one it was made for. Each property asks for an
// address, then another one, and compares what the second got with what it gets freshly made; the
// addresses mix the parameters with the separators and spellings a naive split misreads (`?`, `&?`,
// `%3F`, `#`, duplicates, parameters no one reads), and are sent over a socket exactly as written.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { createVehicles, futureBookingDates } from '../test/factories';
import { FAKE_TEMPLATE, fakeRenders, fakeWebBuild } from '../test/fake-web-build';
import { rawGet, type RawAnswer } from '../test/raw-http';

const SEPARATORS = ['&', '?', '&?', '??', '#', '%3F', '&&', '?&'];

/** An address: a path, maybe a `?`, and pieces each after a separator; or a prefix of another such address. */
function confusingAddresses(paths: string[], pieces: string[]) {
  const one = fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom('?', ''), fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), fc.constantFrom(...pieces, '', '=', 'v=1')), { maxLength: 6 }))
    .map(([path, mark, parts]) => path + mark + parts.map(([separator, piece]) => separator + piece).join(''));
  // A prefix of an address reads as it would without what follows: the pair a naive split confuses.
  return one.chain((first) => fc.tuple(fc.constant(first), fc.oneof(one, fc.nat(first.length).map((n) => first.slice(0, n)))));
}

const seen = (res: RawAnswer) => ({ statusCode: res.statusCode, body: res.body });

describe('the public answer cache keys an answer by what the handler reads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 60_000 } });
    await createVehicles(ctx, [
      { title: 'Keyed Toyota', make: 'Toyota', price: 20_000, status: 'available' },
      { title: 'Keyed Volvo', make: 'Volvo', price: 30_000, status: 'available' },
    ]);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  /** Empties the listings' and the booking calendar's answers. */
  const forget = async () => {
    await ctx.app.deps.changes.publish('listings');
    await ctx.app.deps.changes.publish('workshop');
  };
  const freshAfter = async (first: string, second: string) => {
    await forget();
    await rawGet(ctx.app, first);
    const served = await rawGet(ctx.app, second);
    await forget();
    return { served: seen(served), fresh: seen(await rawGet(ctx.app, second)), hit: served.headers['x-cache'] === 'HIT' };
  };

  it('serves a kept answer only to an address that reads the same input', async () => {
    const pairs = confusingAddresses(
      ['/api/vehicles', '/api/vehicles/'],
      ['make=Toyota', 'make=zzz', 'make=Volvo', 'max_price=1', 'search=Volvo', 'search=CALL%20555-0199', 'limit=1', 'page=1', 'sort=price%3Aasc', 'make%3DToyota'],
    );
    await fc.assert(
      fc.asyncProperty(pairs, async ([first, second]) => {
        const { served, fresh } = await freshAfter(first, second);
        expect(served, `${first} then ${second}`).toEqual(fresh);
      }),
      {
        numRuns: 150,
        examples: [
          [['/api/vehicles??&make=zzz', '/api/vehicles']],
          [['/api/vehicles?make=Toyota&?&max_price=1', '/api/vehicles?make=Toyota']],
          [['/api/vehicles?limit=3??&make=zzz', '/api/vehicles?limit=3']],
          [['/api/vehicles#?make=zzz', '/api/vehicles']],
        ],
      },
    );
  });

  it("serves the booking calendar's kept day or month only to an address asking for the same date, month and service", async () => {
    const [near, far] = [futureBookingDates(1, 3)[0]!, futureBookingDates(1, 45)[0]!];
    const pairs = confusingAddresses(
      ['/api/maintenance/availability', '/api/maintenance/availability/month'],
      [`date=${near}`, `date=${far}`, `month=${near.slice(0, 7)}`, `month=${far.slice(0, 7)}`, 'service=Full%20Body%20Paint', 'service=Oil%20Change', 'service=', `date%3D${near}`],
    );
    await fc.assert(
      fc.asyncProperty(pairs, async ([first, second]) => {
        const { served, fresh } = await freshAfter(first, second);
        expect(served, `${first} then ${second}`).toEqual(fresh);
      }),
      {
        numRuns: 100,
        examples: [
          [[`/api/maintenance/availability?date=${near}&service=Full%20Body%20Paint`, `/api/maintenance/availability?date=${near}`]],
          [[`/api/maintenance/availability/month?month=${far.slice(0, 7)}??&service=Full%20Body%20Paint`, `/api/maintenance/availability/month?month=${far.slice(0, 7)}`]],
        ],
      },
    );
  });

  it('still shares an answer between spellings of the same input', async () => {
    for (const [first, second] of [
      ['/api/vehicles?make=Toyota&limit=5', '/api/vehicles?limit=5&make=Toyota'],
      ['/api/vehicles?make=Toyota', '/api/vehicles?make=Toyota&utm_source=mail'],
      ['/api/vehicles?page=01&limit=12', '/api/vehicles?limit=12&page=1'],
    ]) {
      const { served, fresh, hit } = await freshAfter(first!, second!);
      expect(hit, `${first} then ${second}`).toBe(true);
      expect(served).toEqual(fresh);
    }
  });
});

describe('the page cache keys a page by the address its render reads', () => {
  let ctx: TestContext;
  let web: Awaited<ReturnType<typeof fakeWebBuild>>;
  let vehicleId: string;
  beforeAll(async () => {
    web = await fakeWebBuild();
    ctx = await createTestApp({ config: { PUBLIC_CACHE_MS: 60_000, WEB_DIST_DIR: web.distDir } });
    [vehicleId] = (await createVehicles(ctx, [
      { title: 'Paged Toyota', make: 'Toyota', status: 'available' },
      { title: 'Paged Volvo', make: 'Volvo', status: 'available' },
    ])) as [string];
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
    await web.remove();
  });

  it('serves a kept page only to an address whose render reads the same input', async () => {
    const pairs = confusingAddresses(
      ['/vehicles', '/Vehicles', '/vehicles/', '/about', `/vehicles/${vehicleId}`, `/vehicles/x/../${vehicleId}`, `/vehicle/${vehicleId}`],
      ['make=Toyota', 'make=zzz', 'search=CALL%20555-0199', 'page=2', 'x=1', 'make%3DToyota'],
    );
    await fc.assert(
      fc.asyncProperty(pairs, async ([first, second]) => {
        await ctx.app.deps.changes.publish();
        await rawGet(ctx.app, first);
        const served = await rawGet(ctx.app, second);
        await ctx.app.deps.changes.publish();
        expect(seen(served), `${first} then ${second}`).toEqual(seen(await rawGet(ctx.app, second)));
      }),
      {
        numRuns: 150,
        examples: [
          [['/vehicles??&search=CALL%20555-0199', '/vehicles']],
          [['/vehicles?make=Toyota&?&make=zzz', '/vehicles?make=Toyota']],
          [['/??&make=zzz', '/']],
          [[`/vehicles/x/../${vehicleId}`, `/vehicles/${vehicleId}`]],
        ],
      },
    );
  });

  it('makes no new page for parameters the page does not read', async () => {
    await ctx.app.deps.changes.publish();
    const before = fakeRenders().count;
    for (const target of ['/vehicles?make=Volvo', '/vehicles?make=Volvo&v=1', '/vehicles?v=2&make=Volvo', '/vehicles?make=Volvo&utm_source=mail#top']) {
      const res = await rawGet(ctx.app, target);
      expect(res.statusCode).toBe(200);
      expect(res.body, target).toContain('<p>/vehicles?make=Volvo</p><p>Paged Volvo</p>');
    }
    expect(fakeRenders().count).toBe(before + 1);
  });

  it('sends the pages the web app leaves to the browser as the shell, in any letter case (item 16)', async () => {
    for (const target of ['/ADMIN', '/Admin/vehicles', '/Account/profile', '/%61dmin']) {
      const res = await rawGet(ctx.app, target);
      expect(res.statusCode, target).toBe(200);
      expect(res.headers['cache-control'], target).toBe('no-cache');
      expect(res.body, target).toBe(FAKE_TEMPLATE);
    }
  });
});
