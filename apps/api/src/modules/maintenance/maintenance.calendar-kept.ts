import { createBoundedCache, type BoundedCache } from '../../infra/bounded-cache';
import { changesOf, type ChangeBus } from '../../infra/change-bus';

/** How long a kept value is used without a change message (a missed message is stale this long at most). */
const KEPT_MS = 30_000;

export interface CalendarKeeping {
  /** The change bus: a change to the calendar on any node empties what every node keeps. Without it nothing is kept. */
  changes?: Pick<ChangeBus, 'onChange' | 'connected'>;
  /** Tests write rows behind the service's back: nothing is kept. */
  testing: boolean;
}

/**
 * A value availability is worked out from that staff change rarely (the place counts, the services'
 * durations, the closure days), kept between requests: two of a month calendar's three statements read
 * them, on every request. A change to the calendar on any node empties it (the change bus's 'calendar'
 * topic), this node's own writes at once; while the bus is away nothing is kept. A transaction always
 * reads the tables, and a booking's capacity is the database's to enforce, so a value kept a moment
 * too long can only show a place free that the booking then refuses.
 */
export function keptCalendarValue<V>({ changes, testing }: CalendarKeeping, maxEntries = 1): BoundedCache<V> {
  return createBoundedCache<V>({ ttlMs: changes && !testing ? KEPT_MS : 0, maxEntries, changes: changes && changesOf(changes, 'calendar') });
}
