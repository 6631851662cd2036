import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { Button, buttonVariants } from './button';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange(page: number): void;
  summary?: string;
  /**
   * The address of a page, for a server-rendered list: until the app has taken over, Previous and
   * Next are links to it, so a click before then still turns the page (with a full load).
   */
  hrefFor?(page: number): string;
}

/** Previous / Next with 'Page X of Y'; Previous off on page 1, Next off on the last page. */
export function Pagination({ page, pageCount, onPageChange, summary, hrefFor }: PaginationProps) {
  const hydrated = useHydrated();
  const last = Math.max(pageCount, 1);
  const step = (target: number, enabled: boolean, children: ReactNode) =>
    hrefFor && !hydrated && enabled ? (
      <a href={hrefFor(target)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        {children}
      </a>
    ) : (
      <Button variant="outline" size="sm" disabled={!enabled} onClick={() => onPageChange(target)}>
        {children}
      </Button>
    );
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 py-4">
      {summary ? <p className="text-sm text-slate-600">{summary}</p> : <span />}
      <div className="flex items-center gap-3">
        {step(
          page - 1,
          page > 1,
          <>
            <ChevronLeft aria-hidden /> Previous
          </>,
        )}
        <span className="text-sm text-slate-700" aria-live="polite">
          Page {Math.min(page, last)} of {last}
        </span>
        {step(
          page + 1,
          page < last,
          <>
            Next <ChevronRight aria-hidden />
          </>,
        )}
      </div>
    </nav>
  );
}
