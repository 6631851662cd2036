import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A list's URL state: each filter's text ('' when absent) and the page (1 unless a positive whole number). */
export interface UrlState<K extends string> {
  values: Record<K, string>;
  page: number;
}

/** Reads a list's URL state; the hook and the route loaders read it alike, so both ask for the same query. */
export function readUrlParams<K extends string>(searchParams: URLSearchParams, keys: readonly K[]): UrlState<K> {
  const values = {} as Record<K, string>;
  for (const key of keys) values[key] = searchParams.get(key) ?? '';
  const pageNumber = Number(searchParams.get('page'));
  return { values, page: Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1 };
}

/** The filters as a query asks for them: one left empty is left out (undefined), so the API applies none. */
export function filledValues<K extends string>(values: Record<K, string>): Record<K, string | undefined> {
  const filled = {} as Record<K, string | undefined>;
  for (const key in values) filled[key] = values[key] || undefined;
  return filled;
}

/**
 * Filters, tab and page live in the URL so a list survives reloads and can be shared.
 * Changing anything but the page goes back to page 1.
 */
export function useUrlParams<K extends string>(keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { values, page } = useMemo(
    () => readUrlParams(searchParams, keys),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searchParams, keys.join('|')],
  );

  const update = useCallback(
    (
      changes: Partial<Record<K | 'page', string | number | null>>,
      options?: { replace?: boolean; preventScrollReset?: boolean },
    ) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [string, string | number | null | undefined][]) {
            if (value === null || value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        // By default typing in a filter replaces the entry and turning a page adds one, so Back returns to it.
        {
          replace: options?.replace ?? !(Object.keys(changes).length === 1 && 'page' in changes),
          preventScrollReset: options?.preventScrollReset,
        },
      );
    },
    [setSearchParams],
  );

  /** Clears everything but the given values (e.g. a view preference). */
  const reset = useCallback(
    (keep: Partial<Record<K, string>> = {}) => {
      const next = new URLSearchParams();
      for (const [key, value] of Object.entries(keep) as [string, string | undefined][]) if (value) next.set(key, value);
      setSearchParams(next, { replace: true });
    },
    [setSearchParams],
  );
  return { values, page, update, reset };
}
