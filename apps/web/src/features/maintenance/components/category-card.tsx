import { Car, Clock, Cog, Cpu, Hammer, PaintBucket, Wrench, Zap, type LucideIcon } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { durationText, type MaintenanceCategory, type MaintenanceCategoryId, type ServiceDurationRow } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

const ICONS: Record<MaintenanceCategoryId, LucideIcon> = {
  routine: Wrench,
  mechanical: Cog,
  electrical: Zap,
  computerized: Cpu,
  denting: Hammer,
  painting: PaintBucket,
};

/** One service category of the maintenance catalog with its services, time, price and a way to book it. */
export function CategoryCard({ category, durations }: { category: MaintenanceCategory; durations?: readonly ServiceDurationRow[] }) {
  const Icon = ICONS[category.id] ?? Car;
  const headingId = `category-${category.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <div className="mb-4 flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-6" aria-hidden />
        </span>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {category.title}
        </h2>
      </div>
      <p className="mb-4 text-sm text-slate-600">{category.description}</p>
      <ul className="mb-5 grid gap-1.5 text-sm text-slate-800" aria-label={`${category.title} services`}>
        {category.services.map((service) => (
          <li key={service} className="flex items-center gap-2">
            <span className="size-1.5 rounded-full bg-brand-600" aria-hidden />
            {service}
            <DurationNote duration={durations?.find((d) => d.specificService === service)} />
          </li>
        ))}
      </ul>
      <dl className="mt-auto mb-5 flex items-center justify-between border-t border-slate-100 pt-4 text-sm">
        <div className="flex items-center gap-1.5 text-slate-600">
          <Clock className="size-4" aria-hidden />
          <dt className="sr-only">Estimated time</dt>
          <dd>{category.estimatedTime}</dd>
        </div>
        <div>
          <dt className="sr-only">Price</dt>
          <dd className="font-semibold text-brand-800">{category.price}</dd>
        </div>
      </dl>
      <Link to={paths.bookMaintenance(category.id)} className={buttonVariants({ className: 'w-full' })} aria-describedby={headingId}>
        Book Appointment
      </Link>
    </article>
  );
}

/** '(about 2 hours)' after a service's name, once the workshop's durations have loaded. */
function DurationNote({ duration }: { duration: ServiceDurationRow | undefined }) {
  if (!duration) return null;
  return <span className="text-slate-600">({durationText(duration).replace('Takes about', 'about')})</span>;
}
