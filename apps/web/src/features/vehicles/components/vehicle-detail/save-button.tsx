import { Heart } from 'lucide-react';
import { toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { clsx as cn } from 'clsx';
import { useHydrated } from '@/lib/use-hydrated';
import { useWishlist } from '../../hooks/use-wishlist';

/** 'Save': a wishlist kept on this device. */
export function SaveButton({ vehicleId }: { vehicleId: string }) {
  const { saved, toggle } = useWishlist(vehicleId);
  const hydrated = useHydrated();
  return (
    <Button
      variant="outline"
      className="flex-1"
      aria-pressed={saved}
      disabled={!hydrated}
      onClick={() => toastSuccess(toggle() ? 'Added to wishlist' : 'Removed from wishlist')}
    >
      <Heart aria-hidden className={cn(saved && 'fill-red-600 text-red-600')} /> {saved ? 'Saved' : 'Save'}
    </Button>
  );
}
