import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a modal (dialog, drawer) is open. Client state kept in memory only: a reload starts with
 * every modal closed, as only the saved route and the logged-in flag survive one. Nested modals
 * count, so closing the inner one leaves the flag set while the outer one is still open.
 */
let openModals = 0;
const listeners = new Set<() => void>();

function publish() {
  // Mirrored on <html> so styles (and tests) can see it without React.
  if (typeof document !== 'undefined') document.documentElement.toggleAttribute('data-modal-open', openModals > 0);
  listeners.forEach((listener) => listener());
}

export const modalState = {
  isOpen: () => openModals > 0,
  opened() {
    openModals += 1;
    publish();
  },
  closed() {
    openModals = Math.max(0, openModals - 1);
    publish();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** True while any modal is open. */
export function useModalOpen(): boolean {
  return useSyncExternalStore(modalState.subscribe, modalState.isOpen, () => false);
}

/** Counts a modal as open while `open` is true and it is mounted. */
export function useTrackModal(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    modalState.opened();
    return () => modalState.closed();
  }, [open]);
}
