// Bundles the server (and the shared package it imports) into dist/; node_modules stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server.ts', 'create-admin': 'src/scripts/create-admin.ts', seed: 'src/scripts/seed.ts' },
  outdir: process.env.API_OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@dealer/shared') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
