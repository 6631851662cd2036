import { matchRoutes, type RouteObject } from 'react-router';

/** The route at a React Router id made of indexes (`0-25`: the root's 26th child), or undefined. */
function routeAt(routes: RouteObject[], id: string): RouteObject | undefined {
  let route: RouteObject | undefined;
  let level: RouteObject[] | undefined = routes;
  for (const index of id.split('-')) {
    route = /^\d+$/.test(index) ? level?.[Number(index)] : undefined;
    level = route?.children;
  }
  return route;
}

/**
 * The routes a server-rendered page matched: found by the ids the server sent, which is a walk down the tree;
 * matching the address again flattens and ranks every route of the app first (about 20 ms of a slow phone's
 * main thread). By the address when the ids are missing or name no route.
 */
export function matchedRoutes(routes: RouteObject[], ids: string[] | undefined, location: Location | string): RouteObject[] {
  const found = ids?.map((id) => routeAt(routes, id));
  if (found && found.length > 0 && found.every((route) => route !== undefined)) return found as RouteObject[];
  return (matchRoutes(routes, location) ?? []).map((match) => match.route);
}

/** The matched lazy routes' modules, loaded before hydrating so the first render matches the server's. */
export async function resolveLazyRoutes(routes: RouteObject[], ids: string[] | undefined, location: Location | string) {
  const lazy = matchedRoutes(routes, ids, location).filter((route) => route.lazy);
  await Promise.all(
    lazy.map(async (route) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
