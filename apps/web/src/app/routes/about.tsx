import { Award, HeartHandshake, ShieldCheck, Users } from 'lucide-react';
import { PRODUCT_NAME } from '@dealer/shared';
import { usePageTitle } from '@/lib/use-page-title';

const VALUES = [
  { title: 'Honest prices', Icon: ShieldCheck, text: 'The price you see is the price you pay. No hidden fees, no pressure.' },
  { title: 'Inspected cars', Icon: Award, text: 'Every vehicle we sell is inspected by our own technicians before it is listed.' },
  { title: 'People first', Icon: HeartHandshake, text: 'We would rather earn a customer for twenty years than make a sale today.' },
  { title: 'Local team', Icon: Users, text: 'Thirty people from Springfield, sales and workshop, who answer their own phones.' },
];

export default function AboutPage() {
  usePageTitle('About Us');
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">About Us</h1>
      <div className="mt-6 grid gap-4 text-lg leading-relaxed text-slate-700">
        <p>
          {PRODUCT_NAME} started in 1998 as a two-bay repair shop on Motor Avenue. Customers kept asking us to help them find their
          next car, so we did, and today we are a full dealership with a marketplace, a sales floor and a twelve-bay workshop.
        </p>
        <p>
          We sell new and pre-owned vehicles, help private sellers reach serious buyers, and maintain everything from family
          hatchbacks to electric SUVs. Book online, follow your appointment from your account, and talk to a real person whenever you
          need one.
        </p>
      </div>
      <h2 className="mt-12 text-2xl font-bold">What we stand for</h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2">
        {VALUES.map(({ title, Icon, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border border-slate-200 p-5">
            <Icon className="size-8 shrink-0 text-brand-700" aria-hidden />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
