/** The only client state that survives a reload (spec 3): the saved route and the logged-in flag. */
const SAVED_ROUTE = 'dealer.savedRoute';
const LOGGED_IN = 'dealer.isLoggedIn';
const MODAL_OPEN = 'dealer.modalOpen';

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
  isModalOpen: () => read(MODAL_OPEN) === 'true',
  setModalOpen: (value: boolean) => write(MODAL_OPEN, value ? 'true' : null),
};
