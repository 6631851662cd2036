import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { PublicUser } from '@dealer/shared';
import Toaster from '@/components/toast/toaster';
import { SessionProvider } from '@/lib/session';
import { ADMIN } from './factories';

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (request: RecordedRequest) => { status?: number; body: unknown } | undefined;

/**
 * Replaces fetch: every call is recorded; `handler` answers it (the profile call of the session
 * restore is answered with `as`, the admin unless told). Returns the list of recorded calls.
 */
export function mockApi(handler: Handler, { as = ADMIN }: { as?: PublicUser } = {}): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  document.cookie = 'accessToken=test-token; Path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      let body: unknown = init?.body;
      if (typeof body === 'string') body = JSON.parse(body);
      const request = { method, url, body };
      requests.push(request);
      const answer = url.pathname === '/api/users/profile' ? { body: { status: 'SUCCESS', data: as } } : handler(request);
      const status = answer?.status ?? (answer ? 200 : 404);
      const payload = answer?.body ?? { status: 'ERROR', statusCode: 404, message: 'Not found' };
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

/** A query client for one test: no retries, so an error answer shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `element` with a query client only (components that neither route nor read the session). */
export function renderWithQuery(element: ReactNode, queryClient: QueryClient = testQueryClient()) {
  return { ...render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>), queryClient };
}

/** Renders `element` at `path` inside the providers the app runs in (query client, session, router), with the toaster. */
export function renderApp(element: ReactNode, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** Radix menus and popovers measure the page; jsdom lacks these. */
export function polyfillLayout() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= vi.fn();
  Element.prototype.hasPointerCapture ??= vi.fn(() => false);
  Element.prototype.releasePointerCapture ??= vi.fn();
}
