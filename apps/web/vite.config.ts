import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { BOOT_SCRIPT } from './src/app/boot-script.ts';

const root = path.dirname(new URL(import.meta.url).pathname);
const outDir = process.env.WEB_OUT_DIR ?? 'dist';
const require = createRequire(import.meta.url);
// React Router's package points only at its development build (its framework-mode Vite plugin swaps in
// the production one); the builds take the production one, without dev-only checks (-0.6 KB gzip).
// Both are named by file so that every side (and Vitest, which would load the CommonJS one, whose
// `require('react')` no alias reaches) takes the ES module, whose React import becomes Preact's.
const reactRouterBuild = (mode: 'production' | 'development') => path.join(path.dirname(require.resolve('react-router/package.json')), `dist/${mode}/index.mjs`);

/** The route modules the server renders (entry-server.tsx): what a visitor's first load is made of. */
const VISITOR_ROUTES = ['home', 'vehicle-sales', 'vehicles', 'vehicle-detail', 'maintenance', 'services', 'about', 'contact', 'not-found'];

interface ModuleInfo {
  code: string | null;
  importedIds: readonly string[];
}
interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfo | null;
}

/**
 * Modules visitor pages reach through a package's index (`@tanstack/react-query`, `@dealer/shared`),
 * which the walk below does not follow: the query hook, the price and mileage formats. They join the
 * `visitor` chunk.
 */
const REACHED_THROUGH_AN_INDEX =
  /\/(node_modules\/@tanstack\/(react-query\/build\/modern\/(useQuery|useBaseQuery|queryOptions|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense)|query-core\/build\/modern\/queryObserver)\.js|packages\/shared\/src\/format\.ts)/;

/** The icon modules a module imports by name from lucide-react's index, which re-exports all of them. */
function lucideIcons(graph: ModuleGraph, module: ModuleInfo): string[] {
  const index = module.importedIds.find((id) => id.endsWith('/lucide-react/dist/esm/lucide-react.mjs'));
  const names = [...(module.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!));
  if (!index || names.length === 0) return [];
  const exported = new Map<string, string>();
  for (const [, list, file] of (graph.getModuleInfo(index)?.code ?? '').matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    for (const name of list!.split(',')) exported.set(name.trim().split(/\s+as\s+/).pop()!, path.join(path.dirname(index), file!));
  }
  return names.flatMap((name) => exported.get(name) ?? []);
}

/**
 * The code two or more visitor pages share goes into one `visitor` chunk (what only the two vehicle
 * lists share into `vehicle-list`), so a visitor's first load is the entry chunk, that chunk and the
 * page's own: left to itself, the bundler cuts it into 15-25 small files by which lazy pages share
 * them, each a request and a gzip dictionary of its own (about 4 KB gzip per page). What the entry
 * uses stays in it; what no visitor page uses is left as it was.
 */
function visitorChunk() {
  let chunkOf: Map<string, string> | null = null;
  /** The app's own modules `from` imports, directly or not, and the icons they import. */
  const reach = (graph: ModuleGraph, from: string, skip: Set<string>) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || skip.has(id)) return;
      seen.add(id);
      if (id.includes('/node_modules/')) return;
      const module = graph.getModuleInfo(id);
      if (!module) return;
      module.importedIds.forEach(visit);
      lucideIcons(graph, module).forEach(visit);
    };
    visit(from);
    return seen;
  };
  return (id: string, graph: ModuleGraph): string | null => {
    if (!chunkOf) {
      const entry = reach(graph, path.join(root, 'src/main.tsx'), new Set());
      const pages = VISITOR_ROUTES.map((name) => path.join(root, `src/app/routes/${name}.tsx`));
      const usedBy = new Map<string, string[]>();
      for (const [i, page] of pages.entries()) {
        for (const module of reach(graph, page, entry)) usedBy.set(module, [...(usedBy.get(module) ?? []), VISITOR_ROUTES[i]!]);
      }
      chunkOf = new Map();
      for (const [module, routes] of usedBy) {
        if (pages.includes(module) || routes.length < 2) continue;
        chunkOf.set(module, routes.every((route) => route === 'vehicle-sales' || route === 'vehicles') ? 'vehicle-list' : 'visitor');
      }
    }
    return chunkOf.get(id) ?? (REACHED_THROUGH_AN_INDEX.test(id) ? 'visitor' : null);
  };
}

/**
 * The stylesheet (11 KB gzip) goes into the page itself: the first paint waits for nothing but the
 * HTML, instead of a second request that shares a slow line with the JavaScript (Lighthouse's mobile
 * home page: LCP was the hero's text, held back by this one render-blocking file).
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g, (link, file: string) => {
          const asset = bundle?.[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        });
      },
    },
  };
}

/**
 * The entry chunk is started by the inline boot script (`src/app/boot-script.ts`) once the page has
 * painted, not by a `<script type="module">` the browser would fetch at once: its address goes into
 * `<meta name="app-entry">`.
 */
function bootAfterPaint(): Plugin {
  return {
    name: 'boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
          (_tag, entry: string) => `<meta name="app-entry" content="${entry}">\n    <script>${BOOT_SCRIPT}</script>`,
        ),
    },
  };
}

/**
 * React Router reads `useOptimistic` from React by a computed name and falls back to a plain state when
 * the React in use has none, as Preact's compat layer has not: the bundler's notice that this import is
 * always undefined describes that designed fallback, not a fault. Every other notice is shown.
 */
function isReactRouterOptimisticFallback(log: Rolldown.RolldownLog): boolean {
  return log.code === 'IMPORT_IS_UNDEFINED' && /`useOptimistic`/.test(log.message) && /preact\/compat/.test(log.message);
}

/**
 * One line per build instead of one per file (about 300 for the two builds): what was written, where,
 * how much, and the entry chunk's compressed size (what every first load of the app carries).
 * Vite's own per-file list is off (`logLevel: 'warn'`); its warnings and errors still show.
 */
function buildSummary(label: string): Plugin {
  let startedAt = 0;
  return {
    name: 'build-summary',
    apply: 'build',
    buildStart() {
      startedAt = Date.now();
    },
    writeBundle(options, bundle) {
      const files = Object.values(bundle);
      const size = (file: (typeof files)[number]) =>
        file.type === 'chunk' ? Buffer.byteLength(file.code) : typeof file.source === 'string' ? Buffer.byteLength(file.source) : file.source.byteLength;
      const scripts = files.filter((file) => file.type === 'chunk');
      const entry = scripts.find((chunk) => chunk.isEntry);
      const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      const where = path.relative(path.resolve(root, '../..'), options.dir ?? root);
      const entryNote = entry ? `, entry ${kB(gzipSync(entry.code).length)} gzip` : '';
      console.log(
        `✓ ${label}: ${scripts.length} scripts and ${files.length - scripts.length} other files, ${kB(files.reduce((sum, file) => sum + size(file), 0))} in ${where}${entryNote} (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
      );
    },
  };
}

/** lucide-react's icon modules, which import its `createLucideIcon` as `../createLucideIcon.mjs`. */
const lucideIconsDir = path.join(path.dirname(require.resolve('lucide-react')), '../esm/icons/');

/**
 * The icons take their `createLucideIcon` from src/lib/lean-lucide-icon.ts, which draws an icon shown
 * the default way from parts worked out once (lucide works out every attribute on every render: an
 * eighth of a server-rendered list page). The app's own `createLucideIcon` and `Icon` imports are lucide's.
 */
function leanLucideIcons(): Plugin {
  return {
    name: 'lean-lucide-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../createLucideIcon.mjs' && importer?.startsWith(lucideIconsDir)) return path.join(root, 'src/lib/lean-lucide-icon.ts');
      return null;
    },
  };
}

// Two builds: the browser app into dist/, then (`vite build --ssr`) the server renderer into dist/server/,
// which the API imports at start to render the visitor pages. The server build bundles its packages
// too (`ssr.noExternal`), so that their React imports reach the aliases, as the shared package's
// TypeScript source needed already.
export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  logLevel: command === 'build' ? 'warn' : 'info',
  plugins: [leanLucideIcons(), react(), tailwindcss(), inlineStylesheet(), bootAfterPaint(), buildSummary(isSsrBuild ? 'web server renderer' : 'web app')],
  resolve: {
    alias: {
      '@': path.resolve(root, 'src'),
      'react-router': reactRouterBuild(command === 'build' ? 'production' : 'development'),
      // Preact's compat layer instead of React and React DOM (decision 011): 11 KB gzip, not 67. An alias
      // covers the package's subpaths too: react/jsx-runtime, react-dom/client, react-dom/server.
      react: 'preact/compat',
      'react-dom': 'preact/compat',
    },
  },
  ssr: { noExternal: true },
  build: {
    outDir: isSsrBuild ? path.join(outDir, 'server') : outDir,
    emptyOutDir: !isSsrBuild,
    sourcemap: false,
    target: isSsrBuild ? 'node20' : 'es2022',
    chunkSizeWarningLimit: 400,
    // No preload helper and no map of every lazy chunk's imports in the entry chunk (3.2 KB gzip on
    // each visitor's first load): a lazy page's own imports load when it does, one step later.
    modulePreload: false,
    // The server renderer reads it to preload the rendered page's own chunks (entry-server.tsx).
    manifest: !isSsrBuild,
    // No per-file sizes: buildSummary prints one line.
    reportCompressedSize: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (!isReactRouterOptimisticFallback(log)) handler(level, log);
      },
      ...(isSsrBuild
        ? { output: { entryFileNames: '[name].js' } }
        : { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], priority: 2 }, { name: visitorChunk(), debugName: 'visitor', priority: 1, includeDependenciesRecursively: false }] } } }),
    },
    ...(isSsrBuild ? { copyPublicDir: false } : {}),
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
