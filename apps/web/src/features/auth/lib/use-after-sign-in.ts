import { useCallback } from 'react';
import type { PublicUser } from '@dealer/shared';
import { isAdminPath, paths } from '@/config/paths';
import { persisted } from '@/lib/persisted-state';
import { setPostSignInRedirect } from '@/lib/post-sign-in-redirect';
import { useSession } from '@/lib/session';
import { mayOpen, staffLanding } from '@/lib/staff-areas';


/**
 * Where a user goes after login or register: the saved route (then cleared), else staff to their part of /admin,
 * else the user stays where they were: the page they chose Log In or Register on, if any.
 */
export function afterSignInDestination(user: PublicUser, savedRoute: string | null, returnTo: string | null = null): string | null {
  // A saved admin route is no use to someone who is not staff; staff land in their own part of /admin.
  if (savedRoute && (mayOpen(user.role, 'any') || !isAdminPath(savedRoute))) return savedRoute;
  if (mayOpen(user.role, 'any')) return staffLanding(user.role);
  if (returnTo && !isAdminPath(returnTo)) return returnTo;
  return null;
}

/**
 * Keeps the session; the guest-only guard of the login or register page then moves the user on.
 * "Stay" on that page means the profile, as the guard sends every logged-in user there.
 */
export function useAfterSignIn() {
  const { signIn } = useSession();
  return useCallback(
    (user: PublicUser, accessToken: string, returnTo: string | null = null) => {
      const destination = afterSignInDestination(user, persisted.getSavedRoute(), returnTo);
      persisted.setSavedRoute(null);
      setPostSignInRedirect(destination ?? paths.profile);
      signIn(accessToken, user);
    },
    [signIn],
  );
}
