import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { keyThisHistoryEntry } from './app/history-entry-key';
import { resolveLazyRoutes } from './app/lazy-routes';
import { hydrateAndCheck } from './app/hydration-check';
import { createRouter, createRoutes } from './app/router';
import { readSsrState } from './app/ssr-state';
import { hydrateRestNow, nextTaskStart } from './lib/hydration-slices';
import { createQueryClient } from './lib/query-client';
import { keepRadixFocusGuardsOutOfTabOrder } from './lib/radix-focus-guards';
import './index.css';

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
  await resolveLazyRoutes(routes, ssr.matched, window.location);
  // Each step a task of its own, as the hydration's slices are (lib/hydration-slices.tsx): one long task
  // blocks a slow phone's input for all of its length.
  await nextTaskStart();
  const router = createBrowserRouter(routes, { hydrationData: ssr.router });
  await nextTaskStart();
  const hydrated = hydrateAndCheck(container, () =>
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
  // Once the page moves on from what the server rendered (a navigation, fresh data), what still waits hydrates at once.
  const stopWatching = [
    router.subscribe(hydrateRestNow),
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') hydrateRestNow();
    }),
  ];
  void hydrated.then(() => stopWatching.forEach((stop) => stop()));
}

void start();
