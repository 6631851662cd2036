import { QueryClient } from '@tanstack/react-query';
import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { matchedRoutes, resolveLazyRoutes } from './lazy-routes';
import { createRoutes } from './router';

const routes = () => createRoutes(() => new QueryClient());
/** The ids the server sends: its static handler's matches (entry-server.tsx). */
const serverIds = (path: string) => matchRoutes(createStaticHandler(routes()).dataRoutes, path)!.map((match) => match.route.id);

describe('the routes a server-rendered page matched', () => {
  it.each(['/', '/vehicle-sales', '/vehicles', '/vehicles/0b0b0b0b-0000-4000-8000-000000000000', '/maintenance', '/about'])(
    '%s: the ids the server sends name the routes matching the address would',
    (path) => {
      const tree = routes();
      const ids = serverIds(path);
      expect(ids.length).toBeGreaterThan(1);
      expect(matchedRoutes(tree, ids, path)).toEqual(matchRoutes(tree, path)!.map((match) => match.route));
    },
  );

  it('matches the address when the ids are missing or name no route', () => {
    const tree = routes();
    const byAddress = matchRoutes(tree, '/vehicle-sales')!.map((match) => match.route);
    expect(matchedRoutes(tree, undefined, '/vehicle-sales')).toEqual(byAddress);
    expect(matchedRoutes(tree, ['0', '0-999'], '/vehicle-sales')).toEqual(byAddress);
    expect(matchedRoutes(tree, ['home'], '/vehicle-sales')).toEqual(byAddress);
  });

  it('loads the lazy ones, and only those', async () => {
    const page = vi.fn(async () => ({ Component: () => null }));
    const other = vi.fn(async () => ({ Component: () => null }));
    const tree: RouteObject[] = [{ path: '/', children: [{ path: 'a', lazy: page }, { path: 'b', lazy: other }] }];
    await resolveLazyRoutes(tree, ['0', '0-0'], '/a');
    expect(page).toHaveBeenCalledOnce();
    expect(other).not.toHaveBeenCalled();
    expect(tree[0]!.children![0]!.lazy).toBeUndefined();
    expect(tree[0]!.children![0]!.Component).toBeTypeOf('function');
  });
});
