import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Table, Th } from './table';

/** A column's header; a column of row actions sits on the right. */
export type TableCardColumn = string | { header: string; className: string };

interface TableCardProps {
  label: string;
  columns: readonly TableCardColumn[];
  /** The rows (`<tr>`s) of the body. */
  children: ReactNode;
  className?: string;
  tableClassName?: string;
}

/** An admin list's table in a white card: one header row named by `columns`, then the rows. */
export function TableCard({ label, columns, children, className, tableClassName }: TableCardProps) {
  return (
    <div className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)}>
      <Table label={label} tableClassName={tableClassName}>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Th key={column}>{column}</Th>
              ) : (
                <Th key={column.header} className={column.className}>
                  {column.header}
                </Th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </div>
  );
}
