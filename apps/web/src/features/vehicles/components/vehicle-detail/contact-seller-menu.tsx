import { Mail, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ContactChannel, Vehicle } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { contactLinks } from './contact-links';

const item =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/** 'Call 555 0100', 'Email jo@example.com': the way to reach the seller and where it goes. */
function ContactItem({ href, Icon, action, detail, onSelect }: { href: string; Icon: LucideIcon; action: string; detail: string | null; onSelect?(): void }) {
  return (
    <DropdownMenu.Item asChild className={item} onSelect={onSelect}>
      <a href={href}>
        <Icon className="size-4 text-brand-700" aria-hidden />
        <span>
          {action} <span className="text-slate-600">{detail}</span>
        </span>
      </a>
    </DropdownMenu.Item>
  );
}

/** 'Contact Seller': call, e-mail or WhatsApp the seller. */
export default function ContactSellerMenu({
  vehicle,
  defaultOpen,
  onContactClick,
}: {
  vehicle: Vehicle;
  defaultOpen?: boolean;
  onContactClick?: (vehicleId: string, channel: ContactChannel) => void;
}) {
  const counted = (channel: ContactChannel) => () => onContactClick?.(vehicle._id, channel);
  const links = contactLinks(vehicle, window.location.href);
  const hasAny = links.tel || links.mailto || links.whatsapp;
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <Button size="lg" className="w-full">
          <Phone aria-hidden /> Contact Seller
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 w-[var(--radix-dropdown-menu-trigger-width)] min-w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {links.tel && <ContactItem href={links.tel} Icon={Phone} action="Call" detail={links.phone} onSelect={counted('phone')} />}
          {links.mailto && <ContactItem href={links.mailto} Icon={Mail} action="Email" detail={links.email} onSelect={counted('email')} />}
          {links.whatsapp && (
            <DropdownMenu.Item asChild className={item} onSelect={counted('whatsapp')}>
              <a href={links.whatsapp} target="_blank" rel="noopener noreferrer">
                <MessageCircle className="size-4 text-emerald-600" aria-hidden />
                <span>WhatsApp</span>
              </a>
            </DropdownMenu.Item>
          )}
          {!hasAny && <p className="px-3 py-2.5 text-sm text-slate-600">The seller has not shared contact details.</p>}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
