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
import { paths } from '@/config/paths';
import { VEHICLE_LIST_PARAMS } from '@/features/vehicles/lib/vehicle-list-params';
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

/** What the server needs to know of a route besides its page (entry-server.tsx's `pageAddress`). */
export interface RouteHandle {
  /** Rendered in the browser only: the page depends on the session or on this device's storage. */
  inBrowser?: true;
  /** The search parameters the page reads; any other makes no difference to it. */
  searchParams?: readonly string[];
}
const IN_BROWSER: RouteHandle = { inBrowser: true };
const VEHICLE_LIST: RouteHandle = { searchParams: VEHICLE_LIST_PARAMS };

/**
 * The query client a loader fills, given the loader's `context`: in the browser the app's one client;
 * on the server the request's own, which the static handler passes as its `requestContext`. So the
 * server builds its routes (and resolves each lazy page) once rather than for every request.
 */
export type QueryClientOf = (context: unknown) => QueryClient;

/** The app's routes, their loaders reading and filling the query client `queryClientOf` names. Each page is its own lazy chunk. */
export function createRoutes(queryClientOf: QueryClientOf): RouteObject[] {
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
    if (createLoader) route.loader = (args) => createLoader(queryClientOf(args.context))(args);
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
        { path: paths.login, handle: IN_BROWSER, lazy: guest(() => import('./routes/auth/login')) },
        { path: paths.register, handle: IN_BROWSER, lazy: guest(() => import('./routes/auth/register')) },
        { path: paths.forgotPassword, handle: IN_BROWSER, lazy: guest(() => import('./routes/auth/forgot-password')) },
        { path: paths.resetPassword(), handle: IN_BROWSER, lazy: page(() => import('./routes/auth/reset-password')) },
        { path: paths.account, handle: IN_BROWSER, lazy: account(() => import('./routes/account/overview')) },
        { path: paths.profile, handle: IN_BROWSER, lazy: account(() => import('./routes/account/profile')) },
        { path: paths.purchases, handle: IN_BROWSER, lazy: account(() => import('./routes/account/purchases')) },
        { path: paths.myVehicles, handle: IN_BROWSER, lazy: account(() => import('./routes/account/my-vehicles')) },
        { path: paths.createVehicle, handle: IN_BROWSER, lazy: account(() => import('./routes/account/create-vehicle')) },
        { path: paths.editVehicle(), handle: IN_BROWSER, lazy: account(() => import('./routes/account/edit-vehicle')) },
        { path: paths.bookMaintenance(), handle: IN_BROWSER, lazy: account(() => import('./routes/account/book-maintenance')) },
        { path: paths.maintenanceHistory, handle: IN_BROWSER, lazy: account(() => import('./routes/account/maintenance-history')) },
        { path: paths.savedSearches, handle: IN_BROWSER, lazy: account(() => import('./routes/account/saved-searches')) },
        { path: paths.unsubscribe, handle: IN_BROWSER, lazy: page(() => import('./routes/unsubscribe')) },
        { path: paths.remindersUnsubscribe, handle: IN_BROWSER, lazy: page(() => import('./routes/reminders-unsubscribe')) },
        { path: paths.myTestDrives, handle: IN_BROWSER, lazy: account(() => import('./routes/account/test-drives')) },
        { path: paths.myReservations, handle: IN_BROWSER, lazy: account(() => import('./routes/account/reservations')) },
        { path: paths.myTradeIns, handle: IN_BROWSER, lazy: account(() => import('./routes/account/trade-ins')) },
        { path: paths.myGarage, handle: IN_BROWSER, lazy: account(() => import('./routes/account/garage')) },
        { path: paths.myInvoices, handle: IN_BROWSER, lazy: account(() => import('./routes/account/invoices')) },
        { path: paths.myEstimates, handle: IN_BROWSER, lazy: account(() => import('./routes/account/estimates')) },
        { path: paths.myEstimate(), handle: IN_BROWSER, lazy: account(() => import('./routes/account/estimate-detail')) },
        { path: paths.estimateLink(), handle: IN_BROWSER, lazy: page(() => import('./routes/estimate-link')) },
        { path: paths.maintenance, lazy: page(() => import('./routes/maintenance')) },
        { path: paths.vehicleSales, handle: VEHICLE_LIST, lazy: page(() => import('./routes/vehicle-sales')) },
        { path: paths.vehicles, handle: VEHICLE_LIST, lazy: page(() => import('./routes/vehicles')) },
        { path: paths.vehicle(), lazy: page(() => import('./routes/vehicle-detail')) },
        { path: paths.vehicleAlias(), lazy: page(() => import('./routes/vehicle-detail')) },
        { path: paths.saved, handle: IN_BROWSER, lazy: page(() => import('./routes/saved')) },
        { path: paths.services, lazy: page(() => import('./routes/services')) },
        { path: paths.about, lazy: page(() => import('./routes/about')) },
        { path: paths.contact, lazy: page(() => import('./routes/contact')) },
        {
          path: paths.admin.root,
          handle: IN_BROWSER,
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
            { path: paths.admin.profile, lazy: page(() => import('./routes/admin/profile')) },
            { path: paths.admin.vehicles, lazy: page(() => import('./routes/admin/vehicles-list')) },
            { path: paths.admin.newVehicle, lazy: page(() => import('./routes/admin/vehicle-new')) },
            { path: paths.admin.vehicle(), lazy: page(() => import('./routes/admin/vehicle-detail')) },
            { path: paths.admin.editVehicle(), lazy: page(() => import('./routes/admin/vehicle-edit')) },
            { path: paths.admin.maintenance, lazy: page(() => import('./routes/admin/maintenance-list')) },
            { path: paths.admin.bookForCustomer, lazy: page(() => import('./routes/admin/book-for-customer')) },
            { path: paths.admin.maintenanceRequest(), lazy: page(() => import('./routes/admin/maintenance-detail')) },
            { path: paths.admin.closureDays, lazy: page(() => import('./routes/admin/closure-days')) },
            { path: paths.admin.workshopSettings, lazy: page(() => import('./routes/admin/workshop-settings')) },
            { path: paths.admin.testDrives, lazy: page(() => import('./routes/admin/test-drives')) },
            { path: paths.admin.testDriveSettings, lazy: page(() => import('./routes/admin/test-drive-settings')) },
            { path: paths.admin.reservations, lazy: page(() => import('./routes/admin/reservations')) },
            { path: paths.admin.tradeIns, lazy: page(() => import('./routes/admin/trade-ins-list')) },
            { path: paths.admin.tradeIn(), lazy: page(() => import('./routes/admin/trade-in-detail')) },
            { path: paths.admin.invoices, lazy: page(() => import('./routes/admin/invoices-list')) },
            { path: paths.admin.invoice(), lazy: page(() => import('./routes/admin/invoice-detail')) },
            { path: paths.admin.workshop, lazy: page(() => import('./routes/admin/workshop-board')) },
            { path: paths.admin.checkIn(), lazy: page(() => import('./routes/admin/workshop-check-in')) },
            { path: paths.admin.inspection(), lazy: page(() => import('./routes/admin/workshop-inspection')) },
            { path: paths.admin.estimate(), lazy: page(() => import('./routes/admin/workshop-estimate')) },
            { path: paths.admin.myJobs, lazy: page(() => import('./routes/admin/my-jobs')) },
            { path: paths.admin.emails, lazy: page(() => import('./routes/admin/email-log')) },
            { path: paths.admin.leads, lazy: page(() => import('./routes/admin/leads-list')) },
            { path: paths.admin.lead(), lazy: page(() => import('./routes/admin/lead-detail')) },
            { path: paths.admin.auditLog, lazy: page(() => import('./routes/admin/audit-log')) },
            { path: paths.admin.reports, lazy: page(() => import('./routes/admin/reports')) },
            { path: paths.admin.workshopReport, lazy: page(() => import('./routes/admin/workshop-report')) },
            { path: paths.admin.users, lazy: page(() => import('./routes/admin/users-list')) },
            { path: paths.admin.user(), lazy: page(() => import('./routes/admin/user-detail')) },
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
  return createBrowserRouter(createRoutes(() => queryClient), { hydrationData });
}
