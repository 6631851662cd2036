import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EncodedBody, utf8 } from '../http/encoded-body';
import { PUBLIC_CACHE_CONTROL, PUBLIC_CDN_CACHE_CONTROL } from '../http/public-cache';
import type { EntryServer } from './entry-server';
import { createPageCache, type Page } from './page-cache';
import { createRenderBudget, createRenderGate } from './render-limits';

/** A listing's own page: the one kind of page whose 404 may differ for a signed-in caller. */
const VEHICLE_PAGE = /^\/vehicles?\/[^/?]+(?:\?|$)/i;
/** The access token the app keeps in a cookie, and the refresh token (sent to /api/auth only, but a proxy may differ). */
const CREDENTIAL_COOKIE = /(?:^|;\s*)(accessToken|refreshToken)=/;

/** A page for a request with credentials: rendered as for anyone, but never stored by a shared cache. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';
/** The page differs by whether the request carries credentials. */
const PAGE_VARY = 'Authorization, Cookie';

export function hasCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || CREDENTIAL_COOKIE.test(request.headers.cookie ?? '');
}

/** The request's address as the browser's router reads it (an absolute-form target's own origin is dropped). */
function requestedUrl(request: FastifyRequest): URL | null {
  try {
    return new URL(request.url.startsWith('/') ? `http://localhost${request.url}` : request.url);
  } catch {
    return null;
  }
}

/** An API answer as the renderer reads it. */
export interface ApiAnswer {
  statusCode: number;
  contentType: string;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * Reads the API as an anonymous visitor would, in process: through the public answer cache and counted
 * against the visitor's own rate limit.
 */
export async function readApi(app: FastifyInstance, url: string, visitorIp: string | undefined): Promise<ApiAnswer> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, remoteAddress: visitorIp });
  return { statusCode: res.statusCode, contentType: String(res.headers['content-type'] ?? 'application/json'), body: res.body, headers: res.headers };
}

/**
 * An API answer as the renderer's fetcher hands it over: a Response with no body stream, whose `text()` and
 * `json()` read the answer's body as it was read. A stream per answer, written then read back as text
 * (here, and again in a render thread), cost a render a tenth of its time.
 */
class ReadAnswer extends Response {
  override readonly text: () => Promise<string>;
  override readonly json: () => Promise<unknown>;

  constructor(answer: Pick<ApiAnswer, 'statusCode' | 'contentType' | 'body'>) {
    super(null, { status: answer.statusCode, headers: { 'content-type': answer.contentType } });
    const body = answer.statusCode === 204 ? '' : answer.body;
    this.text = () => Promise.resolve(body);
    this.json = () => this.text().then((text) => JSON.parse(text) as unknown);
  }
}

type Rendered = Page | { redirect: string; statusCode: number } | null;

const ROOT_OPEN = '<div id="root">';
const ROOT_ELEMENT = `${ROOT_OPEN}</div>`;
const ROOT_CLOSE = Buffer.from('</div>');

/** A page part's UTF-8 bytes: encoded here, or as a render thread encoded them (used as they are, not copied). */
const bytesOf = (part: string | Uint8Array): Buffer => (typeof part === 'string' ? utf8(part) : Buffer.from(part.buffer, part.byteOffset, part.byteLength));
const HEAD_END = /<\/head>/i;

/**
 * The page template's bytes cut where a rendered page's parts go: up to `</head>` (the page's head goes
 * there), from it into the root element (its markup goes there), and after the root element.
 */
interface TemplateParts {
  /** The template's SHA-1: a page's ETag hashes it and the page's own parts, not the template's 64 KB again. */
  digest: Buffer;
  beforeHeadEnd: Buffer;
  toRootContent: Buffer;
  afterRoot: Buffer;
}
let lastTemplate: { template: string; parts: TemplateParts } | undefined;

/**
 * The template's parts, cut and encoded once per template (the app's pages share one; a listing's page
 * has its own): a page's bytes are then joined from them and its rendered parts, not searched for and
 * replaced in as text (a page is 150 KB, 64 KB of it the template's inlined CSS).
 */
function templateParts(template: string): TemplateParts {
  if (lastTemplate?.template === template) return lastTemplate.parts;
  const root = template.indexOf(ROOT_ELEMENT);
  const headEnd = template.search(HEAD_END);
  if (root < 0 || headEnd < 0 || headEnd > root) throw new Error(`the page template has no </head> before its ${ROOT_ELEMENT}`);
  const parts = {
    digest: createHash('sha1').update(template).digest(),
    beforeHeadEnd: utf8(template.slice(0, headEnd)),
    toRootContent: utf8(template.slice(headEnd, root + ROOT_OPEN.length)),
    afterRoot: utf8(template.slice(root + ROOT_ELEMENT.length)),
  };
  lastTemplate = { template, parts };
  return parts;
}

/** Renders waiting for a free slot, per slot; past them a page goes out as the app shell. */
const WAITING_PER_RENDER_SLOT = 2;
const BUSY_WARNING_EVERY_MS = 10_000;

/**
 * Renders visitor pages on the server (React Router's static handler and the app's own components,
 * see apps/web/src/entry-server.tsx) into the page template, as an anonymous visitor.
 *
 * A page renders from its address (the web app's `pageAddress`: the path and only the search
 * parameters the page reads) rather than from the request's URL, and is kept under that address with
 * its template, so two requests share a kept page only when their render reads the same input. The
 * renderer's API calls are answered in process (`inject`), through the public answer cache and
 * counted against the visitor's own rate limit. A rendered page is kept for PUBLIC_CACHE_MS and
 * dropped on every node when public data changes (the change bus, as the API cache), so a page costs
 * one render per address and lifetime however many visitors ask. Each client address may cause
 * PAGE_RENDERS_PER_MINUTE renders a minute, and at most PAGE_RENDER_CONCURRENCY run at once; past
 * either, the page goes out as the app shell, which the browser renders. Anonymous pages may be kept
 * by a CDN for a second (ETag, 304 on If-None-Match); a request with credentials gets the same page,
 * never stored.
 */
export function createPageRenderer(app: FastifyInstance, entry: EntryServer) {
  const { config, changes: bus, clock } = app.deps;
  const lifetimeMs = config.PUBLIC_CACHE_MS;
  const visitor = new AsyncLocalStorage<{ ip: string; answers: Map<string, ApiAnswer> | undefined }>();
  const budget = createRenderBudget(config.PAGE_RENDERS_PER_MINUTE, clock);
  const gate = createRenderGate(config.PAGE_RENDER_CONCURRENCY, config.PAGE_RENDER_CONCURRENCY * WAITING_PER_RENDER_SLOT);

  entry.setApiFetch(async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET' || !url.startsWith('/api/')) throw new Error(`The server renderer only reads the API: ${url}`);
    const store = visitor.getStore();
    const res = store?.answers?.get(url) ?? (await readApi(app, url, store?.ip));
    return new ReadAnswer(res);
  });

  let lastBusyWarning = 0;
  const pages = createPageCache(lifetimeMs, bus);
  const inFlight = new Map<string, { template: string; rendering: Promise<Rendered> }>();
  /** Answers a route has already read for the page it is about to render: the render is given them instead of asking again. */
  const answersRead = new WeakMap<FastifyRequest, { answers: Map<string, ApiAnswer>; generation: number }>();

  async function renderPage(request: FastifyRequest, address: string, template: string): Promise<Rendered> {
    const read = answersRead.get(request);
    // The data is as old as the first answer read for this page.
    const startedIn = read?.generation ?? pages.generation;
    const result = await visitor.run({ ip: request.ip, answers: read?.answers }, () =>
      entry.render(new Request(`http://localhost${address}`, { headers: { accept: 'text/html' } })),
    );
    if (result === null) return null;
    if (result instanceof Response) {
      const location = result.headers.get('location');
      return location ? { redirect: location, statusCode: result.status } : null;
    }
    const { digest, beforeHeadEnd, toRootContent, afterRoot } = templateParts(template);
    const head = utf8(result.head);
    const html = bytesOf(result.html);
    // The page's data follows its root element.
    const state = bytesOf(result.state);
    // Most distinct pages go out once: compressed quickly for their first visitor, well if asked for again.
    const body = new EncodedBody(Buffer.concat([beforeHeadEnd, head, toRootContent, html, ROOT_CLOSE, state, afterRoot]), { quickFirst: true });
    // The same bytes give the same tag: the template's (by its digest), then each part with its length.
    const hash = createHash('sha1').update(digest).update(`${head.length},${html.length},${state.length}`);
    const etag = `W/"${hash.update(head).update(html).update(state).digest('base64url').slice(0, 22)}"`;
    const page: Page = { body, etag, statusCode: result.status, template };
    // A write that landed during the render may be missing from it: sent, not kept (the cache refuses an older generation).
    if (page.statusCode === 200 || page.statusCode === 404) pages.set(address, page, startedIn);
    return page;
  }

  /**
   * The page of an address: kept, being rendered for another visitor (waited for), or rendered now if
   * the visitor's budget and a render slot allow; null sends the app shell.
   */
  async function pageFor(request: FastifyRequest, address: string, template: string): Promise<Rendered> {
    const cached = pages.get(address);
    if (cached?.template === template) return cached;
    const pending = inFlight.get(address);
    if (pending?.template === template) return pending.rendering;
    const rendering = gate.run(() => renderPage(request, address, template));
    if (!rendering) {
      // Said once in a while, not for every page of a flood.
      if (Date.now() - lastBusyWarning > BUSY_WARNING_EVERY_MS) {
        lastBusyWarning = Date.now();
        request.log.warn({ concurrency: config.PAGE_RENDER_CONCURRENCY }, 'too many pages are being rendered: pages go out as the app shell');
      }
      return null;
    }
    if (budget.spend(request.ip)) request.log.warn({ perMinute: config.PAGE_RENDERS_PER_MINUTE }, 'a client address used up its page renders for this minute: its pages go out as the app shell');
    const settled = rendering.finally(() => inFlight.get(address)?.rendering === settled && inFlight.delete(address));
    inFlight.set(address, { template, rendering: settled });
    return settled;
  }

  /**
   * Reads an API answer for the page this request is about to render, as its render would (`url` exactly as
   * the web app asks for it); the render is then handed this answer instead of asking again.
   */
  async function readForPage(request: FastifyRequest, url: string): Promise<ApiAnswer> {
    const generation = pages.generation;
    const answer = await readApi(app, url, request.ip);
    let read = answersRead.get(request);
    if (!read) answersRead.set(request, (read = { answers: new Map(), generation }));
    read.answers.set(url, answer);
    return answer;
  }

  /** Sends the server-rendered page; false when this page is not rendered here (the caller sends the shell). */
  async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, template: string): Promise<boolean> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    // Checked first: finding a new path's address costs a match of every route.
    if (!budget.allows(request.ip)) return false;
    const url = requestedUrl(request);
    const address = url && entry.pageAddress(url);
    if (!address) return false;
    let page: Rendered;
    try {
      page = await pageFor(request, address, template);
    } catch (error) {
      request.log.error({ err: error }, 'server rendering failed: sending the app shell');
      return false;
    }
    if (!page) return false;
    if ('redirect' in page) {
      reply.header('cache-control', 'no-store').redirect(page.redirect, page.statusCode);
      return true;
    }
    // An anonymous visitor cannot see a pending or draft listing, but its seller and the staff can:
    // a signed-in browser gets the app shell for such a page and asks with its own credentials.
    if (page.statusCode === 404 && hasCredentials(request) && VEHICLE_PAGE.test(address)) return false;
    reply.header('vary', PAGE_VARY).type('text/html; charset=utf-8').code(page.statusCode);
    if (hasCredentials(request)) {
      page.body.send(request, reply.header('cache-control', PRIVATE_PAGE_CACHE_CONTROL));
      return true;
    }
    reply.header('etag', page.etag);
    if (lifetimeMs > 0) reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('cdn-cache-control', PUBLIC_CDN_CACHE_CONTROL);
    else reply.header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === page.etag) {
      reply.code(304).send();
      return true;
    }
    page.body.send(request, reply);
    return true;
  }

  return { sendRenderedPage, readForPage };
}
