import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * Below 768 px a stacked table shows each row as a card of "label: value" lines, so a phone sees
 * every column without sideways scrolling (the header row is kept for screen readers only).
 */
const STACKED = cn(
  'max-md:block max-md:min-w-0 max-md:[&_tbody]:block max-md:[&_thead]:sr-only',
  'max-md:[&_tbody>tr]:block max-md:[&_tbody>tr]:border-b max-md:[&_tbody>tr]:border-slate-200 max-md:[&_tbody>tr]:px-4 max-md:[&_tbody>tr]:py-3',
  'max-md:[&_td]:flex max-md:[&_td]:min-w-0 max-md:[&_td]:items-baseline max-md:[&_td]:gap-3 max-md:[&_td]:border-0 max-md:[&_td]:px-0 max-md:[&_td]:py-1 max-md:[&_td]:text-left',
);

/**
 * A data table that scrolls sideways on narrow screens instead of squeezing its columns, or with
 * `stacked`, turns its rows into cards there. `relative` keeps absolutely placed children (sr-only
 * text) inside the scroll box, so they never widen the page.
 */
export function Table({
  children,
  label,
  className,
  tableClassName,
  stacked = false,
}: {
  children: ReactNode;
  label: string;
  className?: string;
  tableClassName?: string;
  stacked?: boolean;
}) {
  return (
    <div className={cn('relative overflow-x-auto', className)} role="region" aria-label={label} tabIndex={0}>
      {/* Without a minimum width of its own a table keeps every cell on one line. */}
      <table className={cn('w-full border-collapse text-left text-sm', tableClassName ?? 'min-w-max', stacked && STACKED)}>{children}</table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('border-b border-slate-200 bg-slate-50 px-2.5 py-3 text-xs whitespace-nowrap font-semibold tracking-wide text-slate-600 uppercase', className)} {...props} />;
}

/** A cell; `label` names its column on the cards of a stacked table (hidden where the header shows). */
export function Td({ className, label, children, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td className={cn('border-b border-slate-100 px-2.5 py-3 align-middle text-slate-800', className)} {...props}>
      {label && <span className="w-24 shrink-0 font-sans text-xs font-medium text-slate-500 md:hidden">{label}</span>}
      {label ? <span className="min-w-0 break-words">{children}</span> : children}
    </td>
  );
}
