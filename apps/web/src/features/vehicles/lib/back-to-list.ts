import { paths } from '@/config/paths';

/** Router state a vehicle card's link carries: the list (with its filters, sort and page) it was opened from. */
export interface FromListState {
  fromList?: string;
}

const LIST_PATHS: readonly string[] = [paths.vehicleSales, paths.vehicles, paths.saved];

/** The state for links from the list on screen now. */
export function fromListState(location: { pathname: string; search: string }): FromListState {
  return { fromList: location.pathname + location.search };
}

/** The list a vehicle page was opened from, if it is one of this app's lists (never another site). */
export function listOf(state: unknown): string | null {
  const from = (state as FromListState | null)?.fromList;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return LIST_PATHS.includes(from.split(/[?#]/)[0]!) ? from : null;
}

/** Where 'Back to vehicles' goes: the list the visitor came from, else the vehicle sales list (a direct visit). */
export function backToList(state: unknown): { to: string; label: string } {
  const from = listOf(state);
  if (from?.split(/[?#]/)[0] === paths.saved) return { to: from, label: 'Back to saved vehicles' };
  return { to: from ?? paths.vehicleSales, label: 'Back to vehicles' };
}
