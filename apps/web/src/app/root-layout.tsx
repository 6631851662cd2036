import { Outlet, useLocation } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { SplashScreen } from '@/components/layout/splash-screen';
import { useSession } from '@/lib/session';
import { PageScrollRestoration } from './page-scroll-restoration';

/** Every page: the splash until the session is known, then header, page and footer (not on /admin). */
export function RootLayout() {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === 'restoring') return <SplashScreen />;
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  if (isAdmin) return <Outlet />;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <Header />
      <main id="main" className="min-h-svh flex-1">
        <Outlet />
      </main>
      <Footer />
      <PageScrollRestoration />
    </div>
  );
}
