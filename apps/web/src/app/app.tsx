import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { whenSlicesHydrated } from '@/lib/hydration-slices';
import { AppProvider } from './provider';

/** The app around its router; main.tsx makes both (the route loaders fill the same query client). */
export function App({ router, queryClient }: { router: ReturnType<typeof createBrowserRouter>; queryClient: QueryClient }) {
  // A server-rendered page shows its controls before React handles them: this says when it does (all of them,
  // once the page's last slice has hydrated).
  useEffect(() => {
    whenSlicesHydrated(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
