import { useWatch } from 'react-hook-form';
import { PRICE_GUIDE_YEARS, formatPrice } from '@dealer/shared';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePriceGuide, type PriceGuideParams } from '../../api/get-price-guide';
import type { VehicleFormValues } from './form-values';

function paramsOf(make: unknown, model: unknown, year: unknown): PriceGuideParams | null {
  const m = typeof make === 'string' ? make.trim() : '';
  const n = typeof model === 'string' ? model.trim() : '';
  const y = Number(year);
  if (!m || !n || !Number.isInteger(y) || y < 1900 || y > 2100) return null;
  return { make: m, model: n, year: y };
}

/**
 * The wizard's price guide: what comparable public listings (same make and model, year within 2) ask,
 * once make, model and year are filled in; with fewer than 5 of them, says so.
 */
export function PriceGuideNote() {
  const [make, model, year] = useWatch<VehicleFormValues>({ name: ['make', 'model', 'year'] });
  const params = useDebouncedValue(paramsOf(make, model, year), 400);
  const query = usePriceGuide(params);
  const guide = params ? query.data : undefined;
  return (
    <div aria-live="polite" className="sm:col-span-2">
      {guide &&
        (guide.median === null ? (
          <p className="mb-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">Not enough comparable listings</p>
        ) : (
          <p className="mb-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800">
            <span className="font-semibold">Price guide:</span> {guide.comparables} comparable listings (same make and model, year within{' '}
            {PRICE_GUIDE_YEARS}) ask {formatPrice(guide.low)} to {formatPrice(guide.high)}, typically {formatPrice(guide.median)}.
          </p>
        ))}
    </div>
  );
}
