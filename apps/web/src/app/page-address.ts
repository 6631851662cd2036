import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from './router';
import { createRoutes } from './router';

/** The routes as the server's router matches them (their pages are never loaded here). */
let routes: RouteObject[] | undefined;

interface PageFacts {
  inBrowser: boolean;
  /** The search parameters the page reads. */
  reads: ReadonlySet<string>;
}
/** Matching compiles every route's pattern afresh (about 2 ms): the facts of a path are kept, the oldest forgotten past a bound. */
const factsByPath = new Map<string, PageFacts>();
const MAX_PATHS = 2_000;

function factsOf(pathname: string): PageFacts {
  let facts = factsByPath.get(pathname);
  if (!facts) {
    routes ??= createRoutes(() => {
      throw new Error('page addresses are found without loading a page');
    });
    const handles = (matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle ?? {}) as RouteHandle);
    facts = { inBrowser: handles.some((handle) => handle.inBrowser), reads: new Set(handles.flatMap((handle) => handle.searchParams ?? [])) };
    if (factsByPath.size >= MAX_PATHS) factsByPath.delete(factsByPath.keys().next().value!);
    factsByPath.set(pathname, facts);
  }
  return facts;
}

/**
 * The address of the page a request names, as the server renders it and keeps it: the path as the
 * router reads it, and only the search parameters the page reads (every value, in the request's order:
 * the order shows in the links and redirects a page writes, so it is part of its input). The server
 * renders this address rather than the request's, so two requests share a kept page exactly when they
 * render the same input, whatever else their URLs carry. Null for a page rendered in
 * the browser only (account, admin, sign-in, saved), matched as the browser's router matches it: in
 * any letter case and with its path decoded.
 */
export function pageAddress(url: URL): string | null {
  const { inBrowser, reads } = factsOf(url.pathname);
  if (inBrowser) return null;
  if (reads.size === 0) return url.pathname;
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (reads.has(name)) kept.append(name, value);
  const search = kept.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
