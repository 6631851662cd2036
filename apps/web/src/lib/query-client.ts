import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The app's query client. On the server (one per rendered request) a failed call is not retried: the
 * page renders its error state at once and the browser, which hydrates it, may try again.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: server
          ? false
          : (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
