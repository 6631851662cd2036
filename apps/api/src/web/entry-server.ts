import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '@dealer/shared';

/**
 * The one link from the API to the web build: the server renderer `vite build --ssr` makes of
 * apps/web/src/entry-server.tsx, loaded at start from the build folder. The API shares no code with
 * it, only these function types and the page's shape (`RenderedPage`, in @dealer/shared).
 */
export interface EntryServer {
  render(request: Request): Promise<ServerPage | Response | null>;
  setApiFetch(fetcher: (url: string, init: RequestInit) => Promise<Response>): void;
  /**
   * The address a request's page renders from and is kept under: its path and only the search
   * parameters the page reads; null for a page the browser renders (apps/web/src/app/page-address.ts).
   */
  pageAddress(url: URL): string | null;
}

/**
 * A rendered page as the API receives it: the renderer's own strings, or (from a render thread) its markup and
 * data already encoded as UTF-8, the bytes moved across rather than copied.
 */
export type ServerPage = Omit<RenderedPage, 'html' | 'state'> & { html: string | Uint8Array; state: string | Uint8Array };

/** The build's folder for the server renderer: for this process, never served to browsers. */
export const SERVER_BUNDLE_DIR = 'server';
export const ENTRY_SERVER_FILE = 'entry-server.js';

/** The server renderer of a web build, or why the build has none. */
export async function loadEntryServer(distDir: string): Promise<{ entry: EntryServer; file: string } | { missing: string }> {
  const file = path.join(distDir, SERVER_BUNDLE_DIR, ENTRY_SERVER_FILE);
  if (!existsSync(file)) return { missing: `${file} does not exist` };
  const entry = (await import(pathToFileURL(file).href)) as Partial<EntryServer>;
  const lacking = (['render', 'setApiFetch', 'pageAddress'] as const).filter((name) => typeof entry[name] !== 'function');
  if (lacking.length) return { missing: `${file} has no ${lacking.join(', ')} (a build of an older version?)` };
  return { entry: entry as EntryServer, file };
}
