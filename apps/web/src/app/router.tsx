import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunction,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { SplashScreen } from '@/components/layout/splash-screen';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { keyThisHistoryEntry } from './history-entry-key';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * A route module: its page, and optionally a loader factory that prefetches the page's queries into
 * the given query client (one per app in the browser, one per request on the server).
 */
export interface RouteModule {
  default: ComponentType;
  createLoader?: (queryClient: QueryClient) => LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
}
type Load = () => Promise<RouteModule>;

/** The app's routes, their loaders reading and filling `queryClient`. Each page is its own lazy chunk. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const withGuard = (Guard: typeof RequireAuth | null, load: Load) => async () => {
    const { default: Page, createLoader, shouldRevalidate } = await load();
    const route: Pick<RouteObject, 'Component' | 'loader' | 'shouldRevalidate'> = {
      Component: Guard
        ? () => (
            <Guard>
              <Page />
            </Guard>
          )
        : Page,
    };
    if (createLoader) route.loader = createLoader(queryClient);
    if (shouldRevalidate) route.shouldRevalidate = shouldRevalidate;
    return route;
  };
  const page = (load: Load) => withGuard(null, load);
  const account = (load: Load) => withGuard(RequireAuth, load);
  const guest = (load: Load) => withGuard(GuestOnly, load);

  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      // While the first lazy page chunk loads, show the splash rather than nothing (and no router warning).
      HydrateFallback: SplashScreen,
      children: [
        { index: true, lazy: page(() => import('./routes/home')) },
        { path: 'login', lazy: guest(() => import('./routes/auth/login')) },
        { path: 'register', lazy: guest(() => import('./routes/auth/register')) },
        { path: 'forgot-password', lazy: guest(() => import('./routes/auth/forgot-password')) },
        { path: 'reset-password', lazy: page(() => import('./routes/auth/reset-password')) },
        { path: 'account', lazy: account(() => import('./routes/account/overview')) },
        { path: 'account/profile', lazy: account(() => import('./routes/account/profile')) },
        { path: 'account/purchases', lazy: account(() => import('./routes/account/purchases')) },
        { path: 'account/vehicles', lazy: account(() => import('./routes/account/my-vehicles')) },
        { path: 'account/vehicles/create', lazy: account(() => import('./routes/account/create-vehicle')) },
        { path: 'account/vehicles/:id/edit', lazy: account(() => import('./routes/account/edit-vehicle')) },
        { path: 'account/maintenance/create', lazy: account(() => import('./routes/account/book-maintenance')) },
        { path: 'account/maintenance/history', lazy: account(() => import('./routes/account/maintenance-history')) },
        { path: 'maintenance', lazy: page(() => import('./routes/maintenance')) },
        { path: 'vehicle-sales', lazy: page(() => import('./routes/vehicle-sales')) },
        { path: 'vehicles', lazy: page(() => import('./routes/vehicles')) },
        { path: 'vehicles/:id', lazy: page(() => import('./routes/vehicle-detail')) },
        { path: 'vehicle/:id', lazy: page(() => import('./routes/vehicle-detail')) },
        { path: 'saved', lazy: page(() => import('./routes/saved')) },
        { path: 'services', lazy: page(() => import('./routes/services')) },
        { path: 'about', lazy: page(() => import('./routes/about')) },
        { path: 'contact', lazy: page(() => import('./routes/contact')) },
        {
          path: 'admin',
          lazy: async () => {
            const { AdminLayout } = await import('./routes/admin/admin-layout');
            return {
              Component: () => (
                <RequireAdmin>
                  <AdminLayout />
                </RequireAdmin>
              ),
            };
          },
          children: [
            { index: true, lazy: page(() => import('./routes/admin/dashboard')) },
            { path: 'profile', lazy: page(() => import('./routes/admin/profile')) },
            { path: 'vehicles', lazy: page(() => import('./routes/admin/vehicles-list')) },
            { path: 'vehicles/new', lazy: page(() => import('./routes/admin/vehicle-new')) },
            { path: 'vehicles/:id', lazy: page(() => import('./routes/admin/vehicle-detail')) },
            { path: 'vehicles/:id/edit', lazy: page(() => import('./routes/admin/vehicle-edit')) },
            { path: 'maintenance', lazy: page(() => import('./routes/admin/maintenance-list')) },
            { path: 'maintenance/new', lazy: page(() => import('./routes/admin/book-for-customer')) },
            { path: 'maintenance/:id', lazy: page(() => import('./routes/admin/maintenance-detail')) },
            { path: 'closure-days', lazy: page(() => import('./routes/admin/closure-days')) },
            { path: 'emails', lazy: page(() => import('./routes/admin/email-log')) },
            { path: 'users', lazy: page(() => import('./routes/admin/users-list')) },
            { path: 'users/:id', lazy: page(() => import('./routes/admin/user-detail')) },
            { path: '*', lazy: page(() => import('./routes/not-found')) },
          ],
        },
        { path: '*', lazy: page(() => import('./routes/not-found')) },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  keyThisHistoryEntry();
  return createBrowserRouter(createRoutes(queryClient), { hydrationData });
}
