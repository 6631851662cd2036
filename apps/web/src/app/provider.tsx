import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LazyToaster } from '@/components/toast/lazy-toaster';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <LazyToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
