import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Table, Td, Th } from './table';

export interface Column<T> {
  /** The column's name: its header, and on a stacked table's phone cards the label of each cell. */
  header: string;
  /** A column of row actions: its header is for screen readers only and its cells carry no label. */
  action?: boolean;
  className?: string;
  /** A tooltip for the cell, for text the column may cut short. */
  title?(row: T): string | undefined;
  cell(row: T): ReactNode;
}

interface DataTableProps<T> {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode;
  stacked?: boolean;
  className?: string;
  tableClassName?: string;
  rowClassName?: string;
}

/** A table described by its columns: one header and one cell per column, for every admin table. */
export function DataTable<T>({ label, rows, columns, rowKey, empty, stacked = false, className, tableClassName, rowClassName }: DataTableProps<T>) {
  return (
    <Table label={label} stacked={stacked} className={className} tableClassName={tableClassName}>
      <thead>
        <tr>
          {columns.map((column) => (
            <Th key={column.header}>
              {column.action ? <span className="sr-only">{column.header}</span> : column.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty ? (
          <tr>
            <Td colSpan={columns.length} className="py-6 text-center text-slate-600">
              {empty}
            </Td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName}>
              {columns.map((column) => (
                <Td
                  key={column.header}
                  label={stacked && !column.action ? column.header : undefined}
                  className={cn(column.action && 'text-right max-md:justify-end', column.className)}
                  title={column.title?.(row)}
                >
                  {column.cell(row)}
                </Td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
