import { Car, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { PRODUCT_NAME } from '@dealer/shared';
import { CONTACT, paths } from '@/config/paths';
import { telHref } from '@/lib/tel-href';
import { SOCIAL_LINKS } from './social-links';

const QUICK_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.vehicleSales, label: 'Buy a Car' },
  { to: paths.createVehicle, label: 'Sell Your Car' },
  { to: paths.services, label: 'Services' },
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact' },
];

/** The workshop's address and phone as configured (WORKSHOP_ADDRESS, WORKSHOP_PHONE); the defaults until they are known. */
export interface WorkshopContact {
  address: string;
  phone: string;
}

export function Footer({ workshop }: { workshop?: WorkshopContact }) {
  const address = workshop?.address ?? CONTACT.address;
  const phone = workshop?.phone ?? CONTACT.phone;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <FooterColumn id="footer-about" title="About Us">
          <p className="flex items-center gap-2 font-semibold text-white">
            <Car className="size-5" aria-hidden /> {PRODUCT_NAME}
          </p>
          <p className="mt-2 text-sm leading-relaxed">
            A family-run dealership selling inspected, fairly priced vehicles and keeping them on the road with a fully equipped
            service workshop.
          </p>
        </FooterColumn>
        <FooterColumn id="footer-links" title="Quick Links" as="nav">
          <ul className="grid gap-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn id="footer-contact" title="Contact Us">
          <address className="grid gap-2 text-sm not-italic">
            <span className="flex gap-2">
              <MapPin className="size-4 shrink-0 translate-y-0.5" aria-hidden /> {address}
            </span>
            <a href={telHref(phone)} className="flex gap-2 hover:text-white">
              <Phone className="size-4 shrink-0 translate-y-0.5" aria-hidden /> {phone}
            </a>
            <a href={`mailto:${CONTACT.email}`} className="flex gap-2 hover:text-white">
              <Mail className="size-4 shrink-0 translate-y-0.5" aria-hidden /> {CONTACT.email}
            </a>
          </address>
        </FooterColumn>
        <FooterColumn id="footer-social" title="Follow Us">
          <ul className="flex gap-3">
            {SOCIAL_LINKS.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${PRODUCT_NAME} on ${label}`}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-slate-800 hover:bg-brand-700 hover:text-white"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">{CONTACT.hours}</p>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-slate-400">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** One of the footer's columns, named by its heading. */
function FooterColumn({ id, title, as: Tag = 'section', children }: { id: string; title: string; as?: 'section' | 'nav'; children: ReactNode }) {
  return (
    <Tag aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold text-white">
        {title}
      </h2>
      {children}
    </Tag>
  );
}
