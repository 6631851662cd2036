import type { App } from '../app';

/**
 * Every route of the app as "METHOD /path" (HEAD left out: Fastify adds it beside each GET), read
 * from the server's own route tree (`printRoutes`), so a route added anywhere shows up here.
 */
export function collectRoutes(app: App): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out = new Set<string>();
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?) \(([A-Z, ]+)\)$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') out.add(`${method} ${path}`);
    }
  }
  return [...out].sort();
}

/** Routes the matrix leaves out: the API docs (swagger UI) and static file serving. */
export function isExcludedRoute(route: string): boolean {
  const path = route.split(' ')[1]!;
  return path.startsWith('/api/docs') || path === '*' || path.startsWith('/uploads/') || path.endsWith('/*');
}
