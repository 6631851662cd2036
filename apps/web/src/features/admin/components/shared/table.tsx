import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * A data table that scrolls sideways on narrow screens instead of squeezing its columns.
 * `relative` keeps absolutely placed children (sr-only text) inside the scroll box, so they never
 * widen the page.
 */
export function Table({ children, label, className, tableClassName }: { children: ReactNode; label: string; className?: string; tableClassName?: string }) {
  return (
    <div className={cn('relative overflow-x-auto', className)} role="region" aria-label={label} tabIndex={0}>
      {/* Without a minimum width of its own a table keeps every cell on one line. */}
      <table className={cn('w-full border-collapse text-left text-sm', tableClassName ?? 'min-w-max')}>{children}</table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('border-b border-slate-200 bg-slate-50 px-3 py-3 text-xs whitespace-nowrap font-semibold tracking-wide text-slate-600 uppercase', className)} {...props} />;
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('border-b border-slate-100 px-3 py-3 align-middle text-slate-800', className)} {...props} />;
}
