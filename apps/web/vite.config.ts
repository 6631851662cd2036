import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(new URL(import.meta.url).pathname);
const outDir = process.env.WEB_OUT_DIR ?? 'dist';
const require = createRequire(import.meta.url);
// React Router's package points only at its development build (its framework-mode Vite plugin swaps in
// the production one); the browser build takes the production one, without dev-only checks (-0.6 KB gzip).
const reactRouterProduction = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

// Two builds: the browser app into dist/, then (`vite build --ssr`) the server renderer into dist/server/,
// which the API imports at start to render the visitor pages. The server build keeps node_modules
// external (the API resolves them) but bundles the shared package, which is TypeScript source.
export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': path.resolve(root, 'src'),
      ...(command === 'build' && !isSsrBuild ? { 'react-router': reactRouterProduction } : {}),
    },
  },
  ssr: { noExternal: ['@dealer/shared'] },
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
    ...(isSsrBuild ? { copyPublicDir: false, rollupOptions: { output: { entryFileNames: '[name].js' } } } : {}),
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
