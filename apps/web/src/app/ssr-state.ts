import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the server hands the browser with a rendered page: the router's loader data and the query cache. */
export interface SsrState {
  router: HydrationState;
  queries: DehydratedState;
  /** The ids of the routes the page matched (React Router's: each route's place in the tree, e.g. `0-25`). */
  matched?: string[];
}

const SSR_STATE_ID = 'ssr-state';

/**
 * A JSON data block after the root element: not a script the browser runs, so the CSP (script-src
 * 'self') needs no exception. No `<` inside can end the element early.
 */
export function ssrStateScript(state: SsrState): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>`;
}

/** The state of a server-rendered page; null when the page came as the plain app shell. */
export function readSsrState(): SsrState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}
