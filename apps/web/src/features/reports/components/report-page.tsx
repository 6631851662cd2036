import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import type { ReportRangeParams } from '../api/get-sales-report';
import { CsvDownloadButton } from './csv-download-button';
import { ReportRangeForm } from './report-range-form';
import { ReportStates, refusedRange } from './report-states';
import { ReportTabs } from './report-tabs';

interface ReportPageProps<T extends { range: { from: string; to: string } }> {
  description: string;
  /** The days the address asks for; where it names none, the form starts at the report's own. */
  params: ReportRangeParams;
  query: { data: T | undefined; error: unknown; isPending: boolean; isError: boolean };
  csv: { url: string; fallbackName: string };
  /** Puts the days chosen in the form into the address. */
  onRange(changes: { from: string | null; to: string | null }): void;
  /** More choices beside the days (see ReportRangeForm). */
  controls?: ReactNode;
  children(report: T): ReactNode;
}

/** A report screen: its header with the CSV link (none while the days are refused), the tabs, the days, then the figures. */
export function ReportPage<T extends { range: { from: string; to: string } }>({ description, params, query, csv, onRange, controls, children }: ReportPageProps<T>) {
  const refused = refusedRange(query.error);
  const from = params.from ?? query.data?.range.from ?? '';
  const to = params.to ?? query.data?.range.to ?? '';
  return (
    <>
      <PageHeader title="Reports" description={description} actions={refused ? undefined : <CsvDownloadButton url={csv.url} fallbackName={csv.fallbackName} />} />
      <ReportTabs />
      <ReportRangeForm key={`${from}|${to}`} from={from} to={to} serverErrors={refused?.errors} onSubmit={(range) => onRange({ from: range.from ?? null, to: range.to ?? null })}>
        {controls}
      </ReportRangeForm>
      <ReportStates query={query}>{children}</ReportStates>
    </>
  );
}
