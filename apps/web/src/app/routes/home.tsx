import type { QueryClient } from '@tanstack/react-query';
import { ArrowRight, BadgeDollarSign, CarFront, MessageCircle, Phone, Wrench } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { HeroIllustration } from '@/components/home/hero-illustration';
import { buttonVariants } from '@/components/ui/button';
import { CONTACT, paths } from '@/config/paths';
import { featuredVehiclesQueryOptions } from '@/features/vehicles/api/get-vehicles';
import { FeaturedVehicles } from '@/features/vehicles/components/featured-vehicles';
import { usePageTitle } from '@/lib/use-page-title';

const SERVICES = [
  {
    title: 'Car Sales',
    description: 'Browse inspected vehicles with transparent prices, full specifications and photos.',
    to: paths.vehicleSales,
    cta: 'Shop our inventory',
    Icon: CarFront,
  },
  {
    title: 'Car Purchase',
    description: 'Selling your car? List it in minutes and reach buyers by phone, e-mail or WhatsApp.',
    to: paths.createVehicle,
    cta: 'List your vehicle',
    Icon: BadgeDollarSign,
  },
  {
    title: 'Maintenance',
    description: 'Book routine service, repairs, diagnostics, bodywork and paint at a time that suits you.',
    to: paths.maintenance,
    cta: 'Book a service',
    Icon: Wrench,
  },
];

/** The three featured cars; a failed call leaves the section's own 'Refresh' box. */
export const createLoader = (queryClient: QueryClient) => async () => {
  await queryClient.ensureQueryData(featuredVehiclesQueryOptions()).catch(() => undefined);
  return null;
};

export default function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Find the car that fits your life</h1>
            <p className="mt-4 max-w-xl text-lg text-brand-100">
              Quality pre-owned and new vehicles, honest prices, and a workshop that keeps you moving long after you drive away.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.vehicleSales} className={buttonVariants({ variant: 'light', size: 'lg' })}>
                Browse Cars <ArrowRight aria-hidden />
              </Link>
              <Link to={paths.createVehicle} className={buttonVariants({ variant: 'outline', size: 'lg', className: 'border-white bg-transparent text-white hover:bg-white/10' })}>
                Sell Your Car
              </Link>
            </div>
          </div>
          <HeroIllustration className="mx-auto w-full max-w-md" />
        </div>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="services-heading" className="text-center text-3xl font-bold">
          Our Services
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">Everything your car needs, under one roof.</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {SERVICES.map(({ title, description, to, cta, Icon }) => (
            <li key={title} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{description}</p>
              <Link to={to} className="mt-4 inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
                {cta} <ArrowRight className="size-4" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="bg-slate-50">
        <FeaturedVehicles />
      </div>

      <section aria-labelledby="contact-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="flex flex-col items-center gap-6 rounded-2xl bg-brand-50 px-6 py-10 text-center">
          <h2 id="contact-heading" className="text-3xl font-bold">
            Questions? Talk to us
          </h2>
          <p className="max-w-xl text-slate-700">Our team answers messages and calls {CONTACT.hours}.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <a href={CONTACT.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: 'lg' })}>
              <MessageCircle aria-hidden /> Chat with us
            </a>
            <a href={CONTACT.phoneHref} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              <Phone aria-hidden /> Call {CONTACT.phone}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
