import { createBoundedCache } from '../infra/bounded-cache';
import type { ChangeBus } from '../infra/change-bus';
import type { EncodedBody } from '../http/encoded-body';

/** A rendered visitor page as it is kept and sent. */
export interface Page {
  /** The HTML as bytes, compressed once per encoding. */
  body: EncodedBody;
  etag: string;
  statusCode: number;
  /** The template it was rendered into: a kept page serves only a request that brings the same one. */
  template: string;
}

const MAX_PAGES = 1_000;
/** The kept pages' HTML and templates at most, in bytes (their compressed copies add about a third); the oldest go first. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/**
 * Rendered pages by page address, each kept for `lifetimeMs` and dropped on every node when public
 * data changes (the change bus, as the public answer cache); nothing is served or kept while the bus
 * may miss a change.
 */
export function createPageCache(lifetimeMs: number, changes: ChangeBus) {
  return createBoundedCache<Page>({
    ttlMs: lifetimeMs,
    maxEntries: MAX_PAGES,
    maxBytes: MAX_KEPT_BYTES,
    sizeOf: (page) => page.body.identity.length + page.template.length,
    changes,
  });
}
