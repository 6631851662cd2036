import { BadgeDollarSign, CarFront, ClipboardCheck, Wrench } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { MAINTENANCE_CATEGORIES } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

const OFFERS = [
  {
    title: 'Car Sales',
    Icon: CarFront,
    text: 'Every car on our lot passes a 120-point inspection and comes with its service history, a clear price and photos of every angle.',
    to: paths.vehicleSales,
    cta: 'Browse vehicles',
  },
  {
    title: 'Sell or Trade In',
    Icon: BadgeDollarSign,
    text: 'List your car on our marketplace for free. Our team reviews each listing before it goes live, so buyers trust what they see.',
    to: paths.createVehicle,
    cta: 'List your car',
  },
  {
    title: 'Maintenance & Repairs',
    Icon: Wrench,
    text: 'Certified technicians, genuine parts and online booking with live availability, six days a week.',
    to: paths.maintenance,
    cta: 'Book a service',
  },
  {
    title: 'Pre-Purchase Inspection',
    Icon: ClipboardCheck,
    text: 'Buying privately? Bring the car in for a computerized diagnostic and a full mechanical check before you commit.',
    to: paths.bookMaintenance('computerized'),
    cta: 'Book an inspection',
  },
];

export default function ServicesPage() {
  usePageTitle('Services');
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Services</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">From your first test drive to your hundred-thousandth mile, we take care of the whole journey.</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {OFFERS.map(({ title, Icon, text, to, cta }) => (
          <li key={title} className="flex flex-col rounded-xl border border-slate-200 p-6">
            <Icon className="size-8 text-brand-700" aria-hidden />
            <h2 className="mt-3 text-xl font-semibold">{title}</h2>
            <p className="mt-2 flex-1 text-slate-600">{text}</p>
            <Link to={to} className={buttonVariants({ variant: 'outline', className: 'mt-4 self-start' })}>
              {cta}
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-14 text-2xl font-bold">Workshop services and prices</h2>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead className="border-b text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4">Service</th>
              <th scope="col" className="py-2 pr-4">Includes</th>
              <th scope="col" className="py-2 pr-4">Time</th>
              <th scope="col" className="py-2">Price</th>
            </tr>
          </thead>
          <tbody>
            {MAINTENANCE_CATEGORIES.map((c) => (
              <tr key={c.id} className="border-b align-top">
                <th scope="row" className="py-3 pr-4 font-medium">
                  <Link to={paths.bookMaintenance(c.id)} className="text-brand-700 hover:underline">
                    {c.title}
                  </Link>
                </th>
                <td className="py-3 pr-4 text-slate-600">{c.services.join(', ')}</td>
                <td className="py-3 pr-4 whitespace-nowrap">{c.estimatedTime}</td>
                <td className="py-3 whitespace-nowrap">{c.price}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
