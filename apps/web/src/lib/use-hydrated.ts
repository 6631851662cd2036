import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup, true in every later
 * render. A control that needs its click handler says so with `disabled={!hydrated}`: a click on
 * server-rendered markup before hydration would otherwise be lost without a word.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
