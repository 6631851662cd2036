import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMileage, formatPrice, PRODUCT_NAME, type SuccessBody, type Vehicle } from '@dealer/shared';
import { createBoundedCache } from '../infra/bounded-cache';
import { publicBaseUrl } from '../infra/public-url';
import { errorBody } from '../http/error-handler';
import type { ApiAnswer } from './page-renderer';

/** Pages of the SPA listed in the sitemap besides the listings. */
const SITEMAP_PAGES = ['/', '/vehicles', '/vehicle-sales', '/maintenance', '/services', '/about', '/contact'];
/** The sitemap protocol allows 50,000 URLs per file. */
const SITEMAP_MAX_LISTINGS = 50_000 - SITEMAP_PAGES.length;
const SITEMAP_CACHE_MS = 5 * 60 * 1000;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const escapeXml = escapeHtml;

/** The headers of a failed API answer that a page answer keeps. */
const failureHeaders = (answer: ApiAnswer) => {
  const retryAfter = answer.headers['retry-after'];
  return { 'content-type': answer.contentType, ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}) };
};

/** JSON inside a <script>: no `<` may close the element early. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (base: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`;

function summary(vehicle: Vehicle): string {
  const facts = [
    `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    formatPrice(vehicle.price),
    vehicle.mileage !== null ? formatMileage(vehicle.mileage) : null,
    vehicle.fuelType,
    vehicle.transmission,
    vehicle.location,
  ].filter(Boolean);
  const text = `${facts.join(' · ')}.${vehicle.description ? ` ${vehicle.description}` : ''}`;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}...` : text;
}

function carJsonLd(vehicle: Vehicle, pageUrl: string, images: string[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: vehicle.title,
    url: pageUrl,
    brand: { '@type': 'Brand', name: vehicle.make },
    manufacturer: vehicle.make,
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    ...(vehicle.description ? { description: vehicle.description } : {}),
    ...(images.length ? { image: images } : {}),
    ...(vehicle.mileage !== null
      ? { mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'SMI' } }
      : {}),
    ...(vehicle.fuelType ? { fuelType: vehicle.fuelType } : {}),
    ...(vehicle.transmission ? { vehicleTransmission: vehicle.transmission } : {}),
    ...(vehicle.exteriorColor ? { color: vehicle.exteriorColor } : {}),
    ...(vehicle.interiorColor ? { vehicleInteriorColor: vehicle.interiorColor } : {}),
    itemCondition: vehicle.condition === 'New' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    offers: {
      '@type': 'Offer',
      price: vehicle.price,
      priceCurrency: 'USD',
      availability: vehicle.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url: pageUrl,
      ...(vehicle.location ? { availableAtOrFrom: { '@type': 'Place', name: vehicle.location } } : {}),
    },
  };
}

/** index.html with the listing's title, description, Open Graph tags and schema.org Car data. */
export function vehiclePageHtml(html: string, vehicle: Vehicle, base: string): string {
  const pageUrl = `${base}/vehicles/${vehicle._id}`;
  const images = vehicle.images.map((image) => absolute(base, image.url));
  const title = `${vehicle.title} - ${formatPrice(vehicle.price)}`;
  const description = summary(vehicle);
  const cover = vehicle.images[0];
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    ...(cover
      ? [
          `<meta property="og:image" content="${escapeHtml(absolute(base, cover.url))}" />`,
          ...(cover.width ? [`<meta property="og:image:width" content="${cover.width}" />`] : []),
          ...(cover.height ? [`<meta property="og:image:height" content="${cover.height}" />`] : []),
          `<meta property="og:image:alt" content="${escapeHtml(vehicle.title)}" />`,
        ]
      : []),
    `<meta property="product:price:amount" content="${vehicle.price}" />`,
    `<meta property="product:price:currency" content="USD" />`,
    `<meta name="twitter:card" content="${cover ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<script type="application/ld+json">${jsonForScript(carJsonLd(vehicle, pageUrl, images))}</script>`,
  ].join('\n    ');

  const pageTitle = `<title>${escapeHtml(`${title} | ${PRODUCT_NAME}`)}</title>`;
  let out = html.replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  out = /<title>[\s\S]*?<\/title>/i.test(out)
    ? out.replace(/<title>[\s\S]*?<\/title>/i, () => pageTitle)
    : out.replace(/<\/head>/i, () => `${pageTitle}\n  </head>`);
  return out.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

export interface VehiclePagesOptions {
  /** Reads an API answer as the page's render will, and hands it to that render (page-renderer.ts). */
  readForPage(request: FastifyRequest, url: string): Promise<ApiAnswer>;
}

/**
 * Server-rendered meta for vehicle pages (link previews in messengers) and the sitemap. Registered
 * by the web app plugin, which provides index.html; without a web build the pages answer 404.
 */
export async function vehiclePagesRoutes(app: FastifyInstance, { readForPage }: VehiclePagesOptions): Promise<void> {
  const page = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const html = await app.indexHtml();
    if (html === null) return reply.status(404).send(errorBody(404, 'Not found'));
    // The listing is read once, as the page's render reads it (the same address, through the public
    // answer cache), and the render is handed this answer instead of reading it again.
    const url = `/api/vehicles/${encodeURIComponent(request.params.id)}`;
    const answer = await readForPage(request, url);
    // A failure answers as it would have from the API itself.
    if (answer.statusCode >= 500) return reply.code(answer.statusCode).headers(failureHeaders(answer)).send(answer.body);
    // Unknown or private listings get the plain app, which shows its own 'Vehicle Not Found'.
    if (answer.statusCode !== 200) return app.sendIndexHtml(reply, html);
    const vehicle = (JSON.parse(answer.body) as SuccessBody<Vehicle>).data;
    return app.sendIndexHtml(reply, vehiclePageHtml(html, vehicle, publicBaseUrl(app.deps.config)));
  };

  const options = { schema: { hide: true } };
  app.get<{ Params: { id: string } }>('/vehicles/:id', options, page);
  app.get<{ Params: { id: string } }>('/vehicle/:id', options, page);

  // robots.txt names the sitemap by its absolute address, as the protocol requires.
  app.get('/robots.txt', options, async (_request, reply) => {
    const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /account', `Sitemap: ${publicBaseUrl(app.deps.config)}/sitemap.xml`, ''];
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body.join('\n'));
  });

  // Rebuilt at most every few minutes per process, whatever changes: at 100k listings a build reads 50k rows.
  const sitemapListings = createBoundedCache<{ id: string; updatedAt: Date }[]>({
    ttlMs: SITEMAP_CACHE_MS,
    maxEntries: 1,
    now: () => app.deps.clock.now().getTime(),
  });
  app.get('/sitemap.xml', options, async (_request, reply) => {
    const base = publicBaseUrl(app.deps.config);
    const listings = await sitemapListings.load('sitemap', () => app.services.vehicles.listForSitemap(SITEMAP_MAX_LISTINGS));
    const urls = [
      ...SITEMAP_PAGES.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`),
      ...listings.map(
        (v) => `  <url><loc>${escapeXml(`${base}/vehicles/${v.id}`)}</loc><lastmod>${v.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
  });
}
