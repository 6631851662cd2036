import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/toast/lazy-toaster';
import { SavedVehiclesSync } from '@/features/saved-vehicles/components/saved-vehicles-sync';
import { SessionProvider } from '@/lib/session';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <SavedVehiclesSync />
        <LazyToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
