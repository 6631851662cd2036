import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { App } from './app/app';
import { keyThisHistoryEntry } from './app/history-entry-key';
import { hydrateAndCheck } from './app/hydration-check';
import { createRouter, createRoutes } from './app/router';
import { readSsrState } from './app/ssr-state';
import { createQueryClient } from './lib/query-client';
import { keepRadixFocusGuardsOutOfTabOrder } from './lib/radix-focus-guards';
import './index.css';

/** The matched lazy routes' modules, loaded before hydrating so the first render matches the server's. */
async function resolveLazyRoutes(routes: RouteObject[]) {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start() {
  keepRadixFocusGuardsOutOfTabOrder();
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const ssr = readSsrState();
  if (!ssr) {
    // Account and admin pages come as the plain shell and render here.
    createRoot(container).render(
      <StrictMode>
        <App router={createRouter(queryClient)} queryClient={queryClient} />
      </StrictMode>,
    );
    return;
  }
  // A visitor page rendered by the server: its data goes into the cache, so nothing is fetched again.
  hydrate(queryClient, ssr.queries);
  keyThisHistoryEntry();
  const routes = createRoutes(() => queryClient);
  await resolveLazyRoutes(routes);
  const router = createBrowserRouter(routes, { hydrationData: ssr.router });
  hydrateAndCheck(container, () =>
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void start();
