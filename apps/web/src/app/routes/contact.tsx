import { Clock, Mail, MapPin, MessageCircle, Phone, Siren } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { CONTACT } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

export default function ContactPage() {
  usePageTitle('Contact Us');
  const items = [
    { label: 'Visit us', value: CONTACT.address, Icon: MapPin },
    { label: 'Call us', value: CONTACT.phone, href: CONTACT.phoneHref, Icon: Phone },
    { label: 'E-mail', value: CONTACT.email, href: `mailto:${CONTACT.email}`, Icon: Mail },
    { label: 'Opening hours', value: CONTACT.hours, Icon: Clock },
    { label: 'Roadside emergency', value: CONTACT.emergencyPhone, href: CONTACT.emergencyPhoneHref, Icon: Siren },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">Questions about a car, a listing or an appointment? We are here to help.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {items.map(({ label, value, href, Icon }) => (
          <li key={label} className="flex gap-4 rounded-xl border border-slate-200 p-5">
            <Icon className="size-6 shrink-0 text-brand-700" aria-hidden />
            <div>
              <h2 className="font-semibold">{label}</h2>
              {href ? (
                <a href={href} className="text-brand-700 underline underline-offset-2 hover:no-underline">
                  {value}
                </a>
              ) : (
                <p className="text-slate-700">{value}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={CONTACT.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg' })}>
          <MessageCircle aria-hidden /> Message us on WhatsApp
        </a>
        <a href={CONTACT.phoneHref} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          <Phone aria-hidden /> Call now
        </a>
      </div>
    </div>
  );
}
