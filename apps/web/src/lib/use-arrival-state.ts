import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A value handed to this page in router state by the page that sent the user here (e.g. 'your
 * booking is made'). The state is cleared from the history entry at once, so a reload or a later
 * visit does not show it again; the value stays until `dismiss`.
 */
export function useArrivalState<T>(key: string): [T | undefined, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const fromState = (location.state as Record<string, T> | null)?.[key];
  const [value, setValue] = useState<T | undefined>(fromState);
  const hasState = fromState !== undefined;

  useEffect(() => {
    if (hasState) {
      void navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: null, preventScrollReset: true },
      );
    }
  }, [hasState, location.hash, location.pathname, location.search, navigate]);

  return [value, () => setValue(undefined)];
}
