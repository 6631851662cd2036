import { Table, Td, Th } from '@/components/ui/table';

/**
 * One figure per period: a row a week or month, named in its first cell. On a phone each row becomes a
 * card of "column: value" lines, so nothing scrolls sideways.
 */
export function PeriodTable({ caption, note, columns, rows }: { caption: string; note: string; columns: string[]; rows: string[][] }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="px-4 pt-4 pb-3">
        <h2 className="text-base font-semibold text-slate-900">{caption}</h2>
        <p className="text-xs text-slate-600">{note}</p>
      </div>
      <Table label={caption} tableClassName="w-full" stacked>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <Th>Period</Th>
            {columns.map((column) => (
              <Th key={column} className="text-right">
                {column}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([period, ...values]) => (
            <tr key={period}>
              <Th scope="row" className="border-slate-100 bg-white text-sm font-medium tracking-normal whitespace-normal text-slate-800 normal-case max-md:block max-md:border-0 max-md:px-0">
                {period}
              </Th>
              {values.map((value, i) => (
                <Td key={columns[i]} label={columns[i]} className="text-right tabular-nums max-md:text-left">
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
