import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigation } from 'react-router';
import { paths } from '@/config/paths';
import { persisted } from '@/lib/persisted-state';
import { useSession } from '@/lib/session';

export interface LoginRedirectState {
  adminRequired?: boolean;
}

/** Login and register: a logged-in user goes to the profile (unless sent here to sign in as an admin). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const adminRequired = (location.state as LoginRedirectState | null)?.adminRequired;
  // Right after login the form is already on its way to the saved route or /admin: let it go there.
  const leaving = navigation.state !== 'idle';
  if (user && !leaving && !(adminRequired && user.role !== 'ADMIN')) return <Navigate to={paths.profile} replace />;
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

/** The admin area: anyone without the ADMIN role goes to login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user?.role !== 'ADMIN') {
    persisted.setSavedRoute(location.pathname + location.search);
    return <Navigate to={paths.login} replace state={{ adminRequired: Boolean(user) } satisfies LoginRedirectState} />;
  }
  return children;
}
