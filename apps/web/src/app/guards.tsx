import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { persisted } from '@/lib/persisted-state';
import { postSignInRedirect, setPostSignInRedirect } from '@/lib/post-sign-in-redirect';
import { useSession } from '@/lib/session';
import { adminAreaOf, mayOpen, staffLanding } from '@/lib/staff-areas';

export interface LoginRedirectState {
  adminRequired?: boolean;
}

/**
 * Login and register: a logged-in user goes to the profile (unless sent here to sign in as an admin).
 * Right after a sign-in on this page, it goes where the login form decided (saved route, /admin).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const adminRequired = (location.state as LoginRedirectState | null)?.adminRequired;
  // Leaving the page ends the hand-over, so a later visit to /login goes to the profile again.
  useEffect(() => () => setPostSignInRedirect(null), []);
  const redirect = postSignInRedirect();
  if (user && (redirect || !(adminRequired && !mayOpen(user.role, 'any')))) return <Navigate to={redirect ?? paths.profile} replace />;
  return children;
}

/** Account pages: the route is saved, then login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    persisted.setSavedRoute(location.pathname + location.search);
    return <Navigate to={paths.login} replace />;
  }
  return children;
}

/**
 * The admin area: anyone who is not staff (ADMIN or a staff role) goes to login, as the spec says for
 * everyone without ADMIN. A staff member opening a part that is not theirs goes to their own part.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (!mayOpen(user?.role, 'any')) {
    persisted.setSavedRoute(location.pathname + location.search);
    return <Navigate to={paths.login} replace state={{ adminRequired: Boolean(user) } satisfies LoginRedirectState} />;
  }
  if (user && !mayOpen(user.role, adminAreaOf(location.pathname))) return <Navigate to={staffLanding(user.role)} replace />;
  return children;
}
