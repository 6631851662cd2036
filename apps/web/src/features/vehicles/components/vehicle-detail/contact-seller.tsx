import { Phone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ContactChannel, Vehicle } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

// The menu's Radix code (about 30 KB) loads on the first click, not with every vehicle page.
const ContactSellerMenu = lazy(() => import('./contact-seller-menu'));

/** Told of each click on the call, e-mail and WhatsApp items (the page counts them). */
export type ContactChannelClick = (vehicleId: string, channel: ContactChannel) => void;

/** 'Contact Seller': a plain button until it is used, then the call / e-mail / WhatsApp menu. */
export function ContactSeller({ vehicle, onContactClick }: { vehicle: Vehicle; onContactClick?: ContactChannelClick }) {
  const [requested, setRequested] = useState(false);
  const hydrated = useHydrated();
  const button = (
    <Button size="lg" className="w-full" aria-haspopup="menu" disabled={!hydrated} onClick={() => setRequested(true)}>
      <Phone aria-hidden /> Contact Seller
    </Button>
  );
  if (!requested) return button;
  return (
    <Suspense fallback={button}>
      <ContactSellerMenu vehicle={vehicle} defaultOpen onContactClick={onContactClick} />
    </Suspense>
  );
}
