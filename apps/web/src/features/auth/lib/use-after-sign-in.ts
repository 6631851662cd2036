import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { PublicUser } from '@dealer/shared';
import { paths } from '@/config/paths';
import { persisted } from '@/lib/persisted-state';
import { useSession } from '@/lib/session';

const isAdminPath = (route: string) => route === paths.admin.root || route.startsWith(`${paths.admin.root}/`);

/** Where a user goes after login or register (spec 2.5): the saved route (then cleared), else ADMIN to /admin, else stay. */
export function afterSignInDestination(user: PublicUser, savedRoute: string | null): string | null {
  // A saved admin route is no use to someone who is not an admin.
  if (savedRoute && (user.role === 'ADMIN' || !isAdminPath(savedRoute))) return savedRoute;
  if (user.role === 'ADMIN') return paths.admin.root;
  return null;
}

/**
 * Keeps the session and moves on. "Stay" on the guest-only login or register page means the guard
 * then sends the user to their profile.
 */
export function useAfterSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (user: PublicUser, accessToken: string) => {
      const destination = afterSignInDestination(user, persisted.getSavedRoute());
      persisted.setSavedRoute(null);
      signIn(accessToken, user);
      if (destination) void navigate(destination, { replace: true });
    },
    [navigate, signIn],
  );
}
