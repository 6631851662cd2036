import { useMemo, useSyncExternalStore } from 'react';

/**
 * Saved vehicles are kept on this device, as a list of ids in the order they were saved (and, while
 * logged in, in the account as well: see `setWishlistAccount`). Shared
 * here (not in the vehicles feature) because the header shows their number.
 */
const KEY = 'dealer.wishlist';
const CHANGE_EVENT = 'dealer:wishlist';
const EMPTY = '[]';

function parse(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

let snapshot = EMPTY;
function getSnapshot(): string {
  try {
    snapshot = localStorage.getItem(KEY) ?? EMPTY;
  } catch {
    // Storage unavailable: keep what this tab last saw.
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

function write(ids: string[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable: the change simply does not persist.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function savedVehicleIds(): string[] {
  return parse(getSnapshot());
}

/**
 * While someone is logged in, their account keeps the same list (so it follows them to every device):
 * each change here is sent there too. Set by the app at log-in, cleared at log-out.
 */
export interface WishlistAccount {
  save(id: string): void;
  remove(id: string): void;
}
let account: WishlistAccount | null = null;
export function setWishlistAccount(next: WishlistAccount | null) {
  account = next;
}

/** The account's list, now this device's too (after log-in, or on arrival while logged in). */
export function replaceWishlist(ids: readonly string[]) {
  // Nothing to write when the device already has this list (an account with no saved cars leaves the
  // device's storage as it was).
  const current = savedVehicleIds();
  if (current.length === ids.length && current.every((id, i) => id === ids[i])) return;
  write([...ids]);
}

/** Saves or unsaves a vehicle; returns whether it is saved now. */
export function toggleWishlist(id: string): boolean {
  const ids = savedVehicleIds();
  const saved = !ids.includes(id);
  write(saved ? [...ids, id] : ids.filter((x) => x !== id));
  if (saved) account?.save(id);
  else account?.remove(id);
  return saved;
}

export function removeFromWishlist(id: string) {
  write(savedVehicleIds().filter((x) => x !== id));
  account?.remove(id);
}

/** The saved ids, re-rendering when they change here or in another tab. */
export function useSavedVehicleIds(): string[] {
  const raw = useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
  return useMemo(() => parse(raw), [raw]);
}
