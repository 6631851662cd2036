import { createBoundedCache } from '../../infra/bounded-cache';

/**
 * Where a row of a public list stands: its position in the list, its sort value (as PostgreSQL writes it,
 * so it reads back exactly: a timestamp's microseconds, a price's cents) and its id (the tie-break).
 */
export interface PageMark {
  position: number;
  key: string;
  id: string;
}

/** The marks of one list (one filter, one sort): the nearest before an offset, and what a read learned. */
export interface ListMarks {
  nearest(offset: number): PageMark | undefined;
  learn(found: readonly PageMark[]): void;
}

/**
 * Marks kept per list; past it the oldest go (a crawler paging on keeps the recent ones). Two per page read: the
 * visitors' long tail of a 100,000-listing list (pages 1 to 5,000 at random) with 64 started about 80 pages from
 * the nearest; with 512 the database's CPU a rendered page fell to 0.58-0.69x (see docs/quality.md).
 */
const MARKS_PER_LIST = 512;
/** What a mark holds (the object, its sort key and its id as text), about: the bound below counts it so. */
const MARK_BYTES = 160;
/** All lists' marks together stay under this (a crawler over many filters cannot make them grow without end). */
const MARKS_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Deep pages without the walk: page 500 skips 6,000 index entries on every read (5 ms at a million
 * listings). A read learns where its first and last rows stand; the next read at or past them starts from
 * the nearest mark with a keyset condition and skips only the rest (page n+1 after page n skips none).
 * Any write to listings moves positions, so the change bus empties the marks (this node's writes at once,
 * other nodes' through the bus; while it is away nothing is kept), and a mark lives a minute at most.
 */
export function createPageMarks(options: { enabled: boolean; changes?: { onChange(listener: () => void): unknown; readonly connected?: boolean } }) {
  const lists = createBoundedCache<readonly PageMark[]>({
    ttlMs: options.enabled ? 60_000 : 0,
    maxEntries: 500,
    maxBytes: MARKS_MAX_BYTES,
    sizeOf: (marks) => marks.length * MARK_BYTES,
    changes: options.changes,
  });
  return {
    of(listKey: string): ListMarks {
      // Marks learned by a read that began before a write are not kept: they may predate it.
      const generation = lists.generation;
      return {
        nearest(offset) {
          let best: PageMark | undefined;
          for (const mark of lists.get(listKey) ?? []) if (mark.position <= offset && (!best || mark.position > best.position)) best = mark;
          return best;
        },
        learn(found) {
          if (found.length === 0) return;
          const positions = new Set(found.map((mark) => mark.position));
          const kept = (lists.get(listKey) ?? []).filter((mark) => !positions.has(mark.position));
          lists.set(listKey, [...kept, ...found].slice(-MARKS_PER_LIST), generation);
        },
      };
    },
    clear: () => lists.clear(),
  };
}
