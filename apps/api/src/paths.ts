import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api package folder, found from this file whether it runs from src/ or the dist/ bundle. */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@dealer/api') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @dealer/api package folder');
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST = path.join(API_ROOT, '..', 'web', 'dist');
