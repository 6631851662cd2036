import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange(page: number): void;
  summary?: string;
}

/** Previous / Next with 'Page X of Y'; Previous off on page 1, Next off on the last page. */
export function Pagination({ page, pageCount, onPageChange, summary }: PaginationProps) {
  const last = Math.max(pageCount, 1);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 py-4">
      {summary ? <p className="text-sm text-slate-600">{summary}</p> : <span />}
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <span className="text-sm text-slate-700" aria-live="polite">
          Page {Math.min(page, last)} of {last}
        </span>
        <Button variant="outline" size="sm" disabled={page >= last} onClick={() => onPageChange(page + 1)}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
