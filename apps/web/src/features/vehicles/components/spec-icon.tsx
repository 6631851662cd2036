/**
 * The card's spec icons: lucide-react's Calendar, Gauge, Fuel, Settings2 and MapPin (1.75), the same
 * shapes drawn the same way, as one element whose shapes are a constant piece of markup. A list page
 * draws five a card, 60 in all: as lucide's elements, an `<svg>` of eleven attributes and an element
 * per shape each time, they were a tenth of the page's server render. `spec-icon.test.tsx` holds each
 * to lucide's own shapes and stroke. The size comes from the class (the page's CSS is inlined).
 */
const LUCIDE_STROKE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const shapes = (markup: string) => ({ __html: `<g ${LUCIDE_STROKE}>${markup}</g>` });

export const SPEC_ICONS = {
  calendar: shapes('<path d="M8 2v3"></path><path d="M16 2v3"></path><rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path>'),
  gauge: shapes('<path d="m12 14 4-4"></path><path d="M3.34 19a10 10 0 1 1 17.32 0"></path>'),
  fuel: shapes(
    '<path d="M14 13h2a2 2 0 0 1 2 2v2a2 2 0 0 0 4 0v-6.998a2 2 0 0 0-.59-1.42L18 5"></path><path d="M14 21V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v16"></path><path d="M2 21h13"></path><path d="M3 9h11"></path>',
  ),
  'settings-2': shapes('<path d="M14 17H5"></path><path d="M19 7h-9"></path><circle cx="17" cy="17" r="3"></circle><circle cx="7" cy="7" r="3"></circle>'),
  'map-pin': shapes(
    '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path><circle cx="12" cy="10" r="3"></circle>',
  ),
};

export type SpecIconName = keyof typeof SPEC_ICONS;

/** A decorative spec icon (hidden from screen readers: the spec's name is beside it). */
export function SpecIcon({ name, className }: { name: SpecIconName; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} dangerouslySetInnerHTML={SPEC_ICONS[name]} />
  );
}
