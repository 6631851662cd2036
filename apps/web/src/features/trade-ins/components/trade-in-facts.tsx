import { TRADE_IN_CONDITIONS, TRADE_IN_CONDITION_FIELDS, formatNumber, type TradeIn } from '@dealer/shared';

/** The answer to a condition question in words. */
export function conditionText(field: keyof TradeIn['condition'], answer: string): string {
  return (TRADE_IN_CONDITIONS[field].answers as Record<string, string>)[answer] ?? answer;
}

/** The car as sent: what names it, its mileage and the condition answers, then the photos. */
export function TradeInFacts({ tradeIn }: { tradeIn: TradeIn }) {
  return (
    <div className="grid gap-3">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {tradeIn.vin && <Fact label="VIN" value={tradeIn.vin} />}
        {tradeIn.registration && <Fact label="Registration" value={tradeIn.registration} />}
        <Fact label="Mileage" value={`${formatNumber(tradeIn.mileage)} miles`} />
        {TRADE_IN_CONDITION_FIELDS.map((field) => (
          <Fact key={field} label={TRADE_IN_CONDITIONS[field].label} value={conditionText(field, tradeIn.condition[field])} />
        ))}
        {tradeIn.notes && <Fact label="Notes" value={tradeIn.notes} />}
      </dl>
      {tradeIn.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {tradeIn.photos.map((photo, index) => (
            <li key={photo.key}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded focus-visible:ring-2 focus-visible:ring-brand-600">
                <img
                  src={photo.sizes[0]?.url ?? photo.url}
                  alt={`Photo ${index + 1} of the ${tradeIn.year} ${tradeIn.make} ${tradeIn.model}`}
                  className="size-20 rounded object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium whitespace-pre-line text-slate-900">{value}</dd>
    </div>
  );
}
