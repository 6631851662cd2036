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
  // The box keeps its place and the height of its longest text from the first paint: the guide arriving
  // after make, model or year is typed must not move the buttons below it under the pointer.
  const box = 'mb-3 min-h-[5.75rem] rounded-md px-3 py-2 text-sm sm:min-h-[3.5rem]';
  return (
    <div aria-live="polite" className="sm:col-span-2">
      {!guide ? (
        <p className={`${box} bg-slate-50 text-slate-600`}>
          {params ? 'Looking up comparable listings...' : 'Fill in make, model and year to see what comparable listings ask.'}
        </p>
      ) : guide.median === null ? (
        <p className={`${box} bg-slate-50 text-slate-700`}>Not enough comparable listings</p>
      ) : (
        <p className={`${box} bg-brand-50 text-slate-800`}>
          <span className="font-semibold">Price guide:</span> {guide.comparables} comparable listings (same make and model, year within{' '}
          {PRICE_GUIDE_YEARS}) ask {formatPrice(guide.low)} to {formatPrice(guide.high)}, typically {formatPrice(guide.median)}.
        </p>
      )}
    </div>
  );
}
