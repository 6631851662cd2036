import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's queries have their own data types
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A route module's `createLoader` that puts the page's queries (the same query options the page
 * reads) into the cache before it renders. A failed call is left to the page, which shows its own
 * error and offers to try again.
 */
export const prefetch =
  (queries: (args: LoaderFunctionArgs) => AnyQuery[]) =>
  (queryClient: QueryClient) =>
  async (args: LoaderFunctionArgs) => {
    await Promise.allSettled(queries(args).map((query) => queryClient.ensureQueryData(query)));
    return null;
  };

/** The search parameters of the URL being loaded. */
export const searchOf = (request: Request) => new URL(request.url).searchParams;

/**
 * Filtering and paging within a list is its page's own query (the rows on show stay until the
 * next arrive); only arriving from another page waits for the loader.
 */
export const shouldRevalidateList: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
