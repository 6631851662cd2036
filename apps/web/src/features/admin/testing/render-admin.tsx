import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { MaintenanceAppointment, PublicUser, Vehicle } from '@dealer/shared';
import Toaster from '@/components/toast/toaster';
import { SessionProvider } from '@/lib/session';

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (request: RecordedRequest) => { status?: number; body: unknown } | undefined;

export const ADMIN: PublicUser = {
  _id: 'a0000000-0000-4000-8000-000000000001',
  username: 'admin',
  name: 'Alex Morgan',
  email: 'admin@apexmotors.test',
  phone: '+1 555 0100',
  address: null,
  avatar: null,
  role: 'ADMIN',
  status: 'active',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

/**
 * Replaces fetch: every call is recorded; `handler` answers it (the profile call of the session
 * restore is answered with the admin). Returns the list of recorded calls.
 */
export function mockApi(handler: Handler): RecordedRequest[] {
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
      const answer = url.pathname === '/api/users/profile' ? { body: { status: 'SUCCESS', data: ADMIN } } : handler(request);
      const status = answer?.status ?? (answer ? 200 : 404);
      const payload = answer?.body ?? { status: 'ERROR', statusCode: 404, message: 'Not found' };
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

/** Renders `element` at `path` inside the providers the admin area runs in, with the toaster. */
export function renderAdmin(element: ReactNode, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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

export const ok = (data: unknown, meta?: unknown) => ({ body: { status: 'SUCCESS', data, ...(meta ? { meta } : {}) } });

export function pageMeta(itemCount: number, page = 1, limit = 10) {
  const pageCount = Math.max(1, Math.ceil(itemCount / limit));
  return { page, limit, itemCount, pageCount, hasPreviousPage: page > 1, hasNextPage: page < pageCount };
}

export function appointment(overrides: Partial<MaintenanceAppointment> = {}): MaintenanceAppointment {
  return {
    _id: '11111111-2222-4333-8444-555566667777',
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate: '2030-03-05',
    appointmentTime: '10:00 AM',
    vehicle: { make: 'Honda', model: 'Civic', year: '2019', registration: 'ABC-123' },
    customer: { name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 555 0100 200' },
    additionalNotes: null,
    cost: null,
    technician: null,
    notes: null,
    status: 'Pending',
    userId: null,
    createdAt: '2030-03-01T09:00:00.000Z',
    updatedAt: '2030-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function vehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    _id: 'v0000000-0000-4000-8000-000000000001',
    title: '2019 Toyota Camry SE',
    make: 'Toyota',
    model: 'Camry',
    year: 2019,
    price: 18500,
    mileage: 42000,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Silver',
    interiorColor: 'Black',
    description: 'A reliable family sedan.',
    images: [],
    location: 'Springfield, IL',
    contactPhone: null,
    contactEmail: null,
    status: 'available',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-02T00:00:00.000Z',
    owner: null,
    ...overrides,
  };
}
