import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PublicUser } from '@dealer/shared';
import { apiRequest, refreshAccessToken, setSessionLostHandler } from './api-client';
import { clearAccessToken, getAccessToken, setAccessToken } from './cookies';
import { persisted } from './persisted-state';

export type SessionStatus = 'restoring' | 'ready';

export interface Session {
  status: SessionStatus;
  user: PublicUser | null;
  isLoggedIn: boolean;
  isAdmin: boolean;
  /** After register or login: keep the token, remember the flag, set the user. */
  signIn(accessToken: string, user: PublicUser): void;
  /** Ends the session on the server and forgets everything on this device. */
  signOut(): Promise<void>;
  setUser(user: PublicUser): void;
}

const SessionContext = createContext<Session | null>(null);

async function restoreSession(): Promise<PublicUser | null> {
  if (!getAccessToken()) {
    if (!persisted.isLoggedIn()) return null;
    if (!(await refreshAccessToken())) return null;
  }
  try {
    const body = await apiRequest<PublicUser>('/api/users/profile');
    return body.data;
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>('restoring');
  const [user, setUserState] = useState<PublicUser | null>(null);

  const forget = useCallback(() => {
    clearAccessToken();
    persisted.setLoggedIn(false);
    setUserState(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    let cancelled = false;
    void restoreSession().then((restored) => {
      if (cancelled) return;
      if (restored) {
        setUserState(restored);
        persisted.setLoggedIn(true);
      } else {
        clearAccessToken();
        persisted.setLoggedIn(false);
      }
      setStatus('ready');
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    setSessionLostHandler(() => {
      persisted.setLoggedIn(false);
      setUserState(null);
    });
    return () => setSessionLostHandler(null);
  }, []);

  const signIn = useCallback((accessToken: string, next: PublicUser) => {
    setAccessToken(accessToken);
    persisted.setLoggedIn(true);
    setUserState(next);
  }, []);

  const signOut = useCallback(async () => {
    try {
      // No bearer header: an expired access token must not stop the server from ending the session.
      await apiRequest('/api/auth/logout', { method: 'POST', anonymous: true });
    } catch {
      // The server may already have ended it; the device forgets either way.
    }
    forget();
  }, [forget]);

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      isLoggedIn: user !== null,
      isAdmin: user?.role === 'ADMIN',
      signIn,
      signOut,
      setUser: setUserState,
    }),
    [status, user, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
