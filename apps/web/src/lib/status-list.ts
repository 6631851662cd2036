import { oneOf } from './one-of';
import type { UrlState } from './use-url-params';

/** A list filtered by status alone keeps its status tab (and its page) in the URL. */
export const STATUS_LIST_URL_KEYS = ['status'] as const;

/** One page of a status-only list: the status chosen, '' for every status. */
export interface StatusListParams<S extends string> {
  status: S | '';
  page: number;
}

/**
 * What a status-only list's URL asks for; an unknown status reads as every status. The page and the
 * route loader read the URL alike, so both ask for the same query.
 */
export function statusListParams<S extends string>(statuses: readonly S[], { values, page }: UrlState<'status'>): StatusListParams<S> {
  return { status: oneOf(values.status, statuses) ? values.status : '', page };
}
