import { SAVED_SEARCH_FILTER_KEYS } from '@dealer/shared';

/** The list filters in a URL's query, as strings; anything else (page, sort, unknown keys) left out. */
export function filtersFromSearch(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const key of SAVED_SEARCH_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

const LABELS: Record<string, (v: string) => string> = {
  search: (v) => `"${v}"`,
  min_price: (v) => `from $${Number(v).toLocaleString('en-US')}`,
  max_price: (v) => `up to $${Number(v).toLocaleString('en-US')}`,
  min_year: (v) => `${v} or newer`,
  max_year: (v) => `${v} or older`,
  year: (v) => v,
  max_mileage: (v) => `under ${Number(v).toLocaleString('en-US')} mi`,
  location: (v) => `near ${v}`,
};

/** What the car is first (make, model), then the words searched, then the limits. */
const WORDS_ORDER = [...new Set<string>(['make', 'model', ...SAVED_SEARCH_FILTER_KEYS])];
/** The list's own order in its address (words, make, model, then the limits), whatever order the API sent. */
const ADDRESS_ORDER = [...new Set<string>(['search', 'make', 'model', ...SAVED_SEARCH_FILTER_KEYS])];

/** The filters in words, for a suggested name and the saved-search list ('Toyota, Hybrid, up to $30,000'). */
export function describeFilters(filters: Record<string, string>): string {
  const parts = WORDS_ORDER.filter((key) => filters[key]).map((key) => (LABELS[key] ?? ((v: string) => v))(filters[key]!));
  return parts.length ? parts.join(', ') : 'All vehicles';
}

/** The list's address with these filters. */
export function listHref(listPath: string, filters: Record<string, string>): string {
  const query = new URLSearchParams(ADDRESS_ORDER.filter((key) => filters[key]).map((key) => [key, filters[key]!])).toString();
  return query ? `${listPath}?${query}` : listPath;
}
