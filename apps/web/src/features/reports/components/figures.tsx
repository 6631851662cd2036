import type { ReactNode } from 'react';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';

// The pieces both reports are drawn with.

export function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

/**
 * A small table of figures under its heading: the caption names the table, the first column each row,
 * the others are numbers. A `stacked` one turns each row into a card of "column: value" lines on a
 * phone, so a wide table never scrolls sideways.
 */
export function FigureTable({
  caption,
  note,
  columns,
  rows,
  className,
  stacked = false,
}: {
  caption: string;
  note: ReactNode;
  columns: string[];
  rows: string[][];
  className?: string;
  stacked?: boolean;
}) {
  return (
    <section className={cn('min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm', className)}>
      <div className="px-4 pt-4 pb-3">
        <h2 className="text-base font-semibold text-slate-900">{caption}</h2>
        <p className="text-xs text-slate-600">{note}</p>
      </div>
      <Table label={caption} tableClassName="w-full" stacked={stacked}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <Th key={column} className={i > 0 ? 'text-right' : undefined}>
                {column}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, ...values]) => (
            <tr key={name}>
              <Th
                scope="row"
                className={cn(
                  'border-slate-100 bg-white text-sm font-medium tracking-normal whitespace-normal text-slate-800 normal-case',
                  stacked && 'max-md:block max-md:border-0 max-md:px-0',
                )}
              >
                {name}
              </Th>
              {values.map((value, i) => (
                <Td key={columns[i + 1]} label={stacked ? columns[i + 1] : undefined} className={cn('text-right tabular-nums', stacked && 'max-md:text-left')}>
                  {value}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** One figure per period: a row a week or month, named in its first cell, stacked on a phone. */
export function PeriodTable({ columns, ...table }: { caption: string; note: string; columns: string[]; rows: string[][] }) {
  return <FigureTable {...table} columns={['Period', ...columns]} stacked />;
}
