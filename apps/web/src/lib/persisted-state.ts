/**
 * The only client state that survives a reload: the saved route and the logged-in flag. Whether a
 * modal is open is kept in memory (modal-state.ts), never here.
 */
const SAVED_ROUTE = 'dealer.savedRoute';
const LOGGED_IN = 'dealer.isLoggedIn';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the app still works, it just forgets.
  }
}

export const persisted = {
  getSavedRoute: () => read(SAVED_ROUTE),
  setSavedRoute: (route: string | null) => write(SAVED_ROUTE, route),
  isLoggedIn: () => read(LOGGED_IN) === 'true',
  setLoggedIn: (value: boolean) => write(LOGGED_IN, value ? 'true' : null),
};
