// Bundles the server (and the shared package it imports) into dist/; node_modules stay external.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const startedAt = Date.now();
const outdir = process.env.API_OUT_DIR ?? 'dist';
// Chunk names carry a content hash: the last build's would otherwise pile up.
rmSync(path.join(outdir, 'chunks'), { recursive: true, force: true });
const result = await build({
  entryPoints: { server: 'src/server.ts', 'create-admin': 'src/scripts/create-admin.ts', seed: 'src/scripts/seed.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Code the entry points share, and what they import with import() (the demo data, loaded only when
  // seeding), go into chunks of their own instead of into every entry.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  // Stack traces need the mappings, not the sources: a process with --enable-source-maps holds every map
  // it loads in memory.
  sourcesContent: false,
  logLevel: 'warning',
  metafile: true,
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

// One line, as the web build prints (source maps are counted apart).
const outputs = Object.entries(result.metafile.outputs);
const bytes = (maps) => outputs.filter(([file]) => file.endsWith('.map') === maps).reduce((sum, [, out]) => sum + out.bytes, 0);
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `✓ server: ${outputs.filter(([file]) => !file.endsWith('.map')).length} bundles, ${kB(bytes(false))} (and ${kB(bytes(true))} of source maps) in ${path.relative(path.resolve(import.meta.dirname, '../..'), path.resolve(import.meta.dirname, outdir))} (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
);
