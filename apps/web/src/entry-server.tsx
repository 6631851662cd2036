import { readFileSync } from 'node:fs';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import type { RenderedPage } from '@dealer/shared';
import { imagePreload } from './app/image-preload';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/router';
import { ssrStateScript } from './app/ssr-state';
import { maintenanceSettingsQueryOptions } from './features/maintenance/api/get-settings';
import { setApiFetch } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

/** The API answers the renderer's calls in process (see apps/api/src/web/page-renderer.ts). */
export { setApiFetch };
/** The address the server renders and keeps for a request, or null for a page the browser renders. */
export { pageAddress } from './app/page-address';

/** The browser build's chunks (`dist/.vite/manifest.json`, next to this bundle's folder). */
type Manifest = Record<string, { file: string; imports?: string[] }>;
function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(new URL('../.vite/manifest.json', import.meta.url), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}
const manifest = readManifest();

/** The route module of each server-rendered route (by its path in router.tsx without the leading '/'; the index route is ''). */
const ROUTE_MODULES: Record<string, string> = {
  '': 'home',
  'vehicle-sales': 'vehicle-sales',
  vehicles: 'vehicles',
  'vehicles/:id': 'vehicle-detail',
  'vehicle/:id': 'vehicle-detail',
  maintenance: 'maintenance',
  services: 'services',
  about: 'about',
  contact: 'contact',
  '*': 'not-found',
};

/**
 * `<meta name="app-chunk">` for the rendered page's chunk and everything it imports: the boot script
 * (`app/boot-script.ts`) preloads them with the entry chunk, so the page hydrates without waiting for
 * the entry chunk to ask for them.
 */
export function pageChunks(routePaths: (string | undefined)[]): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  for (const routePath of routePaths) {
    const module = ROUTE_MODULES[(routePath ?? '').replace(/^\/+/, '')];
    if (module) visit(`src/app/routes/${module}.tsx`);
  }
  return [...files].map((file) => `<meta name="app-chunk" content="/${file}" />`).join('');
}

/** A request's query client, as its loaders are handed it (the handler's `requestContext`). */
function requestQueryClient(context: unknown): QueryClient {
  if (!(context instanceof QueryClient)) throw new Error('a server render passes its query client as the request context');
  return context;
}

/**
 * The routes as the server renders them, built once: flattening and ranking them, and resolving a lazy
 * page, cost more than a tenth of a render when done per request. Nothing in them is a request's: each
 * render hands its own query client to the loaders.
 */
const handler = createStaticHandler(createRoutes(requestQueryClient));

/**
 * A request's router over the handler's routes. React Router's `createStaticRouter` converts the whole route
 * tree again on each call (about 4% of a render); the handler's routes are converted already, and the render
 * finds its routes through the matches the handler made (the router's routes only when there are none), so the
 * router is made over no routes and handed the handler's.
 */
function staticRouter(context: StaticHandlerContext) {
  return Object.defineProperty(createStaticRouter([], context), 'routes', { value: handler.dataRoutes });
}

/**
 * Renders one visitor page as an anonymous visitor: the route loaders fill a query client of this
 * request, the same components render it to HTML, and its data goes along for the browser to hydrate.
 * A loader's redirect comes back as a Response; a page whose loaders failed outright comes back null
 * (the server sends the plain app, which renders in the browser).
 */
export async function render(request: Request): Promise<RenderedPage | Response | null> {
  const queryClient = createQueryClient({ server: true });
  try {
    // Every page's footer shows the workshop's configured address and phone: fetched with the page's data, never after it.
    const [context] = await Promise.all([
      handler.query(request, { requestContext: queryClient }),
      queryClient.prefetchQuery(maintenanceSettingsQueryOptions()),
    ]);
    if (context instanceof Response) return context;
    if (context.errors) return null;
    const router = staticRouter(context);
    const markup = renderToString(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    );
    const state = ssrStateScript({
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: dehydrate(queryClient),
      matched: context.matches.map((match) => match.route.id),
    });
    const pageRoutes = context.matches.filter((match) => match.route.index || match.route.path).map((match) => match.route.path);
    return { status: context.statusCode, state, html: markup, head: imagePreload(markup) + pageChunks(pageRoutes) };
  } finally {
    queryClient.clear();
  }
}
