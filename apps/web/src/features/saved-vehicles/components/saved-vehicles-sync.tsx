import { useEffect, useRef } from 'react';
import { useSession } from '@/lib/session';
import { replaceWishlist, savedVehicleIds, setWishlistAccount } from '@/lib/wishlist';
import { getSavedVehicles } from '../api/get-saved-vehicles';
import { mergeSavedVehicles } from '../api/merge-saved-vehicles';
import { saveVehicle } from '../api/save-vehicle';
import { unsaveVehicle } from '../api/unsave-vehicle';

/**
 * Keeps 'Save' the same on every device: at log-in the vehicles saved on this device join the
 * account's list and this device then shows the account's; arriving already logged in, the device
 * takes the account's list (so a vehicle removed elsewhere is not brought back). While logged in,
 * every Save and Remove goes to the account as well. Renders nothing.
 */
export function SavedVehiclesSync() {
  const { status, user } = useSession();
  const userId = user?._id ?? null;
  // Whether the session was still being restored when this user appeared: then it is no new log-in.
  const restoring = useRef(status === 'restoring');
  useEffect(() => {
    if (status === 'ready' && !userId) restoring.current = false;
  }, [status, userId]);

  useEffect(() => {
    if (!userId) {
      setWishlistAccount(null);
      return;
    }
    let current = true;
    const signedIn = !restoring.current;
    restoring.current = false;
    setWishlistAccount({
      save: (id) => void saveVehicle(id).catch(() => {}),
      remove: (id) => void unsaveVehicle(id).catch(() => {}),
    });
    (signedIn ? mergeSavedVehicles(savedVehicleIds()) : getSavedVehicles())
      .then((saved) => {
        if (current) replaceWishlist(saved.vehicleIds);
      })
      // Offline or refused: the device keeps its own list until the next time.
      .catch(() => {});
    return () => {
      current = false;
      setWishlistAccount(null);
    };
  }, [userId]);
  return null;
}
