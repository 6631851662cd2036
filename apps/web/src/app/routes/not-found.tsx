import { Car } from 'lucide-react';
import { data } from 'react-router';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

/** An unknown address answers HTTP 404: the server renders this page with the status its loader gives. */
export const createLoader = () => () => data(null, { status: 404 });

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      {/* The status code as a picture: the heading says it in words. */}
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden>
        404
      </p>
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-slate-600">Looks like this page took a wrong turn. The road you were looking for doesn't exist or has moved.</p>
      <div className="relative h-12 w-full max-w-sm overflow-hidden" aria-hidden>
        <div className="absolute inset-x-0 bottom-1 h-2 rounded-full bg-slate-200">
          <div className="h-full w-1/2 animate-pulse rounded-full bg-brand-500" />
        </div>
        <Car className="absolute bottom-2 left-0 size-9 animate-drive text-brand-700" />
      </div>
      <Link to={paths.home} className={buttonVariants({ size: 'lg' })}>
        Back to Home
      </Link>
    </section>
  );
}
