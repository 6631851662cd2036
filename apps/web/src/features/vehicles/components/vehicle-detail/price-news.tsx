import { TrendingDown } from 'lucide-react';
import { formatPrice, type Vehicle } from '@dealer/shared';

/** 'Listed today', 'Listed yesterday', 'Listed 12 days ago'. */
export function listedAgo(days: number): string {
  if (days <= 0) return 'Listed today';
  if (days === 1) return 'Listed yesterday';
  return `Listed ${days} days ago`;
}

/**
 * Under the price: 'Price dropped $1,500' for the 14 days after a drop, and how long the car has been
 * listed. Both come with the listing from the server, worked out on its clock, so the page the server
 * rendered and the one the browser takes over say the same.
 */
export function PriceNews({ vehicle }: { vehicle: Pick<Vehicle, 'priceDrop' | 'listedDays'> }) {
  const { priceDrop, listedDays } = vehicle;
  if (!priceDrop && listedDays === undefined) return null;
  return (
    // A div, not a paragraph: under the large price, a paragraph would make the price read as a heading.
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {priceDrop && (
        <span className="inline-flex items-center gap-1 font-semibold text-green-700">
          <TrendingDown className="size-4" aria-hidden /> Price dropped {formatPrice(priceDrop.amount)}
        </span>
      )}
      {listedDays !== undefined && <span className="text-slate-600">{listedAgo(listedDays)}</span>}
    </div>
  );
}
