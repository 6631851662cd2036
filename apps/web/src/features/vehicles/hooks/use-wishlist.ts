import { useCallback, useSyncExternalStore } from 'react';

/** Saved vehicles stay on this device only (spec 2.10), as a list of ids. */
const KEY = 'dealer.wishlist';
const CHANGE_EVENT = 'dealer:wishlist';

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

let snapshot: string | null = null;
function getSnapshot(): string {
  try {
    snapshot = localStorage.getItem(KEY) ?? '[]';
  } catch {
    snapshot ??= '[]';
  }
  return snapshot;
}

function subscribe(listener: () => void) {
  // Other tabs announce through `storage`; this tab through its own event.
  window.addEventListener('storage', listener);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', listener);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

export function toggleWishlist(id: string): boolean {
  const ids = read();
  const saved = !ids.includes(id);
  const next = saved ? [...ids, id] : ids.filter((x) => x !== id);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: the toggle simply does not persist.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return saved;
}

/** Whether a vehicle is saved on this device, and a toggle that returns the new state. */
export function useWishlist(id: string) {
  const raw = useSyncExternalStore(subscribe, getSnapshot, () => '[]');
  let saved = false;
  try {
    const ids: unknown = JSON.parse(raw);
    saved = Array.isArray(ids) && ids.includes(id);
  } catch {
    saved = false;
  }
  const toggle = useCallback(() => toggleWishlist(id), [id]);
  return { saved, toggle };
}
