import type { ReactNode } from 'react';
import { formatBasisPoints, formatCents, formatHundredths, type Estimate, type EstimateFinding, type EstimateLine, type EstimateTotals } from '@dealer/shared';
import { Badge } from '@/components/ui/badge';

const CONDITION_TONE = { Good: 'green', 'Needs attention soon': 'yellow', 'Needs attention now': 'red' } as const;

/** "1.5 h x $90.00" or "2 x $12.50": how a line's amount is made. */
export function lineMath(line: Pick<EstimateLine, 'kind' | 'quantityHundredths' | 'unitPriceCents'>): string {
  const quantity = formatHundredths(line.quantityHundredths);
  return line.kind === 'Labour' ? `${quantity} h x ${formatCents(line.unitPriceCents)}/h` : `${quantity} x ${formatCents(line.unitPriceCents)}`;
}

/** The technician's finding beside a line: condition, note and photos (each photo opens full size). */
export function FindingNote({ finding }: { finding: EstimateFinding }) {
  return (
    <div className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">Inspection: {finding.label}</span>
        {finding.condition && <Badge tone={CONDITION_TONE[finding.condition]}>{finding.condition}</Badge>}
      </p>
      {finding.note && <p className="whitespace-pre-line text-slate-700">{finding.note}</p>}
      {finding.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Photos of ${finding.label}`}>
          {finding.photos.map((photo, index) => (
            <li key={photo.key}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded focus-visible:ring-2 focus-visible:ring-brand-600">
                <img src={photo.sizes[0]?.url ?? photo.url} alt={`${finding.label}, photo ${index + 1}`} className="size-20 rounded object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Subtotal, tax and total as the server figured them (or recomputed here from the same integers). */
export function TotalsList({ totals, taxRateBasisPoints, label }: { totals: EstimateTotals; taxRateBasisPoints: number; label: string }) {
  return (
    <dl className="grid gap-1 text-sm" aria-label={label}>
      <Row label="Subtotal">{formatCents(totals.subtotalCents)}</Row>
      <Row label={`Tax (${formatBasisPoints(taxRateBasisPoints)})`}>{formatCents(totals.taxCents)}</Row>
      <Row label="Total" strong>
        {formatCents(totals.totalCents)}
      </Row>
    </dl>
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-1 text-base font-semibold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** The car and job an estimate is for. */
export function EstimateHeading({ estimate }: { estimate: Pick<Estimate, 'vehicle' | 'specificService'> }) {
  return (
    <p className="text-slate-700">
      {estimate.vehicle.year} {estimate.vehicle.make} {estimate.vehicle.model} ({estimate.vehicle.registration}) · {estimate.specificService}
    </p>
  );
}
