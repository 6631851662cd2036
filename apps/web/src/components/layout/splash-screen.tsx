import { Car } from 'lucide-react';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@dealer/shared';

/** Shown full screen while the session is restored at start. */
export function SplashScreen() {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-gradient-to-br from-brand-700 to-brand-900 text-white">
      <Car className="size-16 animate-bounce-car" aria-hidden />
      <p className="text-3xl font-bold tracking-tight">{PRODUCT_NAME}</p>
      <p className="text-brand-100">{PRODUCT_TAGLINE}</p>
    </div>
  );
}
