import { paths } from '@/config/paths';

/** Router state carried by the Log In and Register links: the page to come back to once signed in. */
export interface ReturnToState {
  returnTo?: string;
}

const AUTH_PAGES: readonly string[] = [paths.login, paths.register];

/** Only a path of this app (not another site, not the sign-in pages themselves) is a place to return to. */
export function returnToOf(state: unknown): string | null {
  const returnTo = (state as ReturnToState | null)?.returnTo;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return null;
  if (AUTH_PAGES.includes(returnTo.split(/[?#]/)[0]!)) return null;
  return returnTo;
}

/**
 * The state for a Log In or Register link on the current page: this page, or, on the sign-in pages,
 * the page the visitor came from before them.
 */
export function returnToState(location: { pathname: string; search: string; state?: unknown }): ReturnToState | undefined {
  const here = returnToOf({ returnTo: location.pathname + location.search }) ?? returnToOf(location.state);
  return here ? { returnTo: here } : undefined;
}
