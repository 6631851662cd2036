import { useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { SplashScreen } from '@/components/layout/splash-screen';
import { isAdminPath } from '@/config/paths';
import { useMaintenanceSettings } from '@/features/maintenance/api/get-settings';
import { getAccessToken } from '@/lib/cookies';
import { HydrateLater } from '@/lib/hydration-slices';
import { persisted } from '@/lib/persisted-state';
import { useSession } from '@/lib/session';
import { PageScrollRestoration } from './page-scroll-restoration';

const subscribeToNothing = () => () => {};
/** False on the server and while hydrating its markup, true in every later render in the browser. */
const useInBrowser = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

/**
 * Every page: header, page and footer (not on /admin); the splash while a session this device may
 * hold is restored. A server-rendered page hydrates each of the three in a task of its own. A server-rendered page is hydrated as the anonymous visitor it was rendered for
 * first, so the splash, if any, follows hydration.
 */
export function RootLayout() {
  const { status } = useSession();
  const { pathname } = useLocation();
  const inBrowser = useInBrowser();
  if (status === 'restoring' && inBrowser && (getAccessToken() !== null || persisted.isLoggedIn())) return <SplashScreen />;
  if (isAdminPath(pathname)) return <Outlet />;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <HydrateLater name="header">
        <Header />
      </HydrateLater>
      <HydrateLater name="main">
        <main id="main" className="min-h-svh flex-1">
          <Outlet />
        </main>
      </HydrateLater>
      <HydrateLater name="footer">
        <WorkshopFooter />
      </HydrateLater>
      <PageScrollRestoration />
    </div>
  );
}

/**
 * The footer with the workshop's configured address and phone. The server renders every visitor page
 * with the settings already fetched (entry-server.tsx), so the browser hydrates the same text.
 */
function WorkshopFooter() {
  const settings = useMaintenanceSettings();
  const workshop = settings.data && { address: settings.data.workshopAddress, phone: settings.data.workshopPhone };
  return <Footer workshop={workshop} />;
}
