/**
 * Where the guest-only page (login, register) sends a user who has just signed in. Kept in memory
 * only: the page itself is about to be left, and nothing about the user survives a reload.
 */
let pending: string | null = null;

export function setPostSignInRedirect(to: string | null): void {
  pending = to;
}

export function postSignInRedirect(): string | null {
  return pending;
}
