import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters, tab and page live in the URL so a list survives reloads and can be shared.
 * Changing anything but the page goes back to page 1.
 */
export function useUrlParams<K extends string>(keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = searchParams.get(key) ?? '';
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams, keys.join('|')]);
  const pageNumber = Number(searchParams.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;

  const update = useCallback(
    (changes: Partial<Record<K | 'page', string | number | null>>) => {
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
        // Typing in a filter replaces the entry; turning a page adds one, so Back returns to it.
        { replace: !(Object.keys(changes).length === 1 && 'page' in changes) },
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
