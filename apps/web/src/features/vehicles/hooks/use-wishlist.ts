import { useCallback } from 'react';
import { toggleWishlist, useSavedVehicleIds } from '@/lib/wishlist';

/** Whether a vehicle is saved on this device, and a toggle that returns the new state. */
export function useWishlist(id: string) {
  const saved = useSavedVehicleIds().includes(id);
  const toggle = useCallback(() => toggleWishlist(id), [id]);
  return { saved, toggle };
}
