import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RetryLaterError } from '../infra/errors';
import { isPrivateUploadKey, signedUploadSecondsLeft } from '../infra/signed-uploads';
import { contentTypeOf } from '../infra/storage';
import { isImageKey } from '../infra/storage-layout';
import { errorBody } from '../http/error-handler';
import { loadEntryServer, SERVER_BUNDLE_DIR, type EntryServer } from './entry-server';
import { createPageRenderer, readApi } from './page-renderer';
import { renderInThreads } from './render-thread';
import { vehiclePagesRoutes } from './vehicle-pages.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built index.html, for routes that add server-rendered meta tags. */
    indexHtml(): Promise<string | null>;
    /**
     * Sends a page: visitor pages rendered on the server into `html` (index.html by default), the
     * others as the plain app shell the browser renders.
     */
    sendIndexHtml(reply: FastifyReply, html?: string): Promise<FastifyReply>;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The renderer as pages use it: in PAGE_RENDER_THREADS worker threads, stopped with the server, or in this thread. */
function entryFor(app: FastifyInstance, loaded: { entry: EntryServer; file: string }): EntryServer {
  const count = app.deps.config.PAGE_RENDER_THREADS;
  if (count === 0) return loaded.entry;
  const threaded = renderInThreads(loaded.file, loaded.entry, count, (error) =>
    app.log.error({ err: error }, 'a page render thread stopped: pages go out as the app shell until a new one starts'),
  );
  app.addHook('onClose', () => threaded.close());
  return threaded;
}

/** The renderer's bundle and the build manifest it reads: for this process, not for browsers. */
const NOT_SERVED = new RegExp(`^/(${SERVER_BUNDLE_DIR}|\\.vite)(/|$)`);

/**
 * Serves the built web app: visitor pages rendered on the server (page-renderer.ts), account and admin
 * pages as the app shell (never cached), hashed assets cached for a year, uploads by key, and the
 * vehicle pages with their link-preview meta, the sitemap and robots.txt (vehicle-pages.routes.ts).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const hasWeb = existsSync(path.join(options.distDir, 'index.html'));
  let cached: string | null = null;

  app.decorate('indexHtml', async () => {
    if (!hasWeb) return null;
    if (cached === null || app.deps.config.NODE_ENV === 'development') {
      cached = await readFile(path.join(options.distDir, 'index.html'), 'utf8');
    }
    return cached;
  });
  // The server renderer the web build made. Without one every page goes out as the bare shell, without
  // its content until the browser renders it: a broken build, said out loud.
  const renderer = hasWeb ? await loadEntryServer(options.distDir) : null;
  if (renderer && 'missing' in renderer) {
    app.log.error(
      `The web build has no server renderer (${renderer.missing}): visitor pages go out as the bare app shell, without their content or link previews. Build the web app with \`npm run build\`.`,
    );
  }
  const pageRenderer = renderer && 'entry' in renderer ? createPageRenderer(app, entryFor(app, renderer)) : null;
  app.decorate('sendIndexHtml', async (reply: FastifyReply, html?: string) => {
    const template = html ?? cached ?? '';
    if (pageRenderer && (await pageRenderer.sendRenderedPage(reply.request, reply, template))) return reply;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(template);
  });

  // Uploads, from the folder or the bucket alike: only the image keys the application writes
  // (storage-layout.ts), always as images, so nothing else that lands in storage (a page or a script
  // in a crafted backup) can run as the site. In a bucket every node streams them from there, so a
  // photo's URL works whichever node the balancer picks (a CDN in front of the bucket, S3_PUBLIC_URL,
  // takes this load off the nodes for public photos; private ones always come through here, signed).
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isImageKey(key)) return reply.callNotFound();
    // A private photo (signed-uploads.ts) needs this server's unexpired signature for this very key.
    // Every refusal is the 404 of a missing file: a link that is wrong, stale or for another photo
    // says nothing about whether the photo exists, as a job another technician holds is not found.
    let secondsLeft: number | null = null;
    if (isPrivateUploadKey(key)) {
      secondsLeft = signedUploadSecondsLeft(app.deps.tokens, app.deps.clock.now(), key, request.query as Record<string, unknown>);
      if (secondsLeft === null) return reply.callNotFound();
    }
    let file;
    try {
      file = await app.deps.storage.read(key);
    } catch (error) {
      request.log.warn({ err: error, key }, 'could not read an upload from storage');
      throw new RetryLaterError(503, 'This photo cannot be loaded right now. Please try again shortly.', 5);
    }
    if (!file) return reply.callNotFound();
    // A private photo is kept by the browser alone, and only as long as its link is valid.
    reply.header('cache-control', secondsLeft === null ? IMMUTABLE : `private, max-age=${secondsLeft}`).type(contentTypeOf(key));
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    if (file.etag && request.headers['if-none-match'] === file.etag) {
      file.body.destroy();
      return reply.status(304).send();
    }
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    return reply.send(file.body);
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      // A route per file of the build, listed at start: a page's address then goes straight to the page
      // rather than first to the folder (a readdir and a stat for every page, cached ones included). A
      // build is fixed while it runs (index.html is read once too); in development it may be rebuilt.
      wildcard: app.deps.config.NODE_ENV === 'development',
      globIgnore: [`${SERVER_BUNDLE_DIR}/**`],
      allowedPath: (pathName) => !NOT_SERVED.test(pathName),
      setHeaders: (res, filePath) => {
        const relative = path.relative(options.distDir, filePath);
        res.header('cache-control', relative.startsWith('assets') ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }

  if (hasWeb) {
    // The static plugin answers 403 for the folder itself; the home page is the app.
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      await app.indexHtml();
      return app.sendIndexHtml(reply);
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/uploads/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && hasWeb) {
      await app.indexHtml();
      return app.sendIndexHtml(reply);
    }
    return reply.status(404).send(errorBody(404, isApi ? `No API route ${request.method} ${request.url.split('?')[0]}` : 'Not found'));
  });

  await app.register(vehiclePagesRoutes, {
    readForPage: pageRenderer?.readForPage ?? ((request, url) => readApi(app, url, request.ip)),
  });
});
