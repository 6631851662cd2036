import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { LEAD_SOURCE_LABELS, STOCK_AGE_LABELS, formatLongDate, formatNumber, formatPrice, type SalesReport as Report } from '@dealer/shared';
import { toastApiError } from '@/components/toast/toast-store';
import { buttonVariants } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { StateMessage } from '@/components/ui/state-message';
import { Table, Td, Th } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUrlParams } from '@/lib/use-url-params';
import { useDownloadSalesReport } from '../api/download-sales-report';
import { REPORT_URL_KEYS, reportRangeParams, salesReportCsvUrl, useSalesReport } from '../api/get-sales-report';
import { formatDays, formatMinutes, formatShare, shareOf } from '../lib/report-format';
import { ReportRangeForm } from './report-range-form';

const dollars = (cents: number) => formatPrice(cents / 100);

/** The owner's figures for a range of days: leads by source and status, first answers, sales and stock by age. */
export function SalesReport() {
  const url = useUrlParams(REPORT_URL_KEYS);
  const params = reportRangeParams(url);
  const { data, error, isPending, isError } = useSalesReport(params);
  const download = useDownloadSalesReport();
  const refused = error instanceof ApiError && error.status === 422 ? error : null;
  const from = params.from ?? data?.range.from ?? '';
  const to = params.to ?? data?.range.to ?? '';

  const csv = (
    <a
      href={salesReportCsvUrl(params)}
      className={buttonVariants({ variant: 'outline' })}
      aria-disabled={download.isPending || undefined}
      onClick={(event) => {
        // The file needs the bearer token: fetched, then saved.
        event.preventDefault();
        if (!download.isPending) download.mutate(params, { onError: (e) => toastApiError(e, 'The CSV file could not be downloaded') });
      }}
    >
      <Download aria-hidden />
      {download.isPending ? 'Preparing CSV...' : 'Download CSV'}
    </a>
  );

  return (
    <>
      <PageHeader title="Reports" description="Leads, first answers, sales and the cars in stock, for the days you choose." actions={refused ? undefined : csv} />
      <ReportRangeForm
        key={`${from}|${to}`}
        from={from}
        to={to}
        serverErrors={refused?.errors}
        onSubmit={(range) => url.update({ from: range.from ?? null, to: range.to ?? null })}
      />
      {isPending ? (
        <p className="py-12 text-center text-sm text-slate-600" role="status">
          Loading the figures...
        </p>
      ) : refused ? (
        <StateMessage tone="error" title="These days cannot be shown">
          {Object.values(refused.errors ?? {})[0] ?? refused.message}
        </StateMessage>
      ) : isError ? (
        <StateMessage tone="error" title="The figures could not be loaded">
          Please try again in a moment.
        </StateMessage>
      ) : (
        <Figures report={data} />
      )}
    </>
  );
}

function Figures({ report }: { report: Report }) {
  const { range, leads, sales, stock } = report;
  const median = leads.firstResponse.medianMinutes;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-slate-700" aria-live="polite">
        {formatLongDate(range.from)} to {formatLongDate(range.to)} ({formatDays(range.days)}). Stock as it is now.
      </p>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label="Leads" value={formatNumber(leads.total)} note="Came in during these days" />
        <Stat
          label="Leads to sale"
          value={leads.wonShare === null ? '—' : formatShare(leads.wonShare)}
          note={`${formatNumber(leads.won)} of ${formatNumber(leads.total)} leads won`}
        />
        <Stat
          label="Median first response"
          value={median === null ? '—' : formatMinutes(median)}
          note={median === null ? 'No lead answered yet' : `Opening hours, ${formatNumber(leads.firstResponse.answered)} answered leads`}
        />
        <Stat
          label="Median days to sell"
          value={sales.medianDaysToSell === null ? '—' : formatDays(sales.medianDaysToSell)}
          note={sales.meanDaysToSell === null ? 'No car sold' : `Mean ${formatDays(sales.meanDaysToSell)}, ${formatNumber(sales.carsSold)} cars sold`}
        />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <FigureTable
          caption="Leads by source"
          note="What each lead first asked for."
          columns={['Source', 'Leads', 'Share']}
          rows={leads.bySource.map((s) => [LEAD_SOURCE_LABELS[s.source], formatNumber(s.leads), shareOf(s.leads, leads.total)])}
        />
        <FigureTable
          caption="Leads by status"
          note="Where the leads of these days stand now."
          columns={['Status', 'Leads', 'Share']}
          rows={leads.byStatus.map((s) => [s.status, formatNumber(s.leads), shareOf(s.leads, leads.total)])}
        />
        <FigureTable
          caption="Leads to sale and first response"
          note="Won leads are those closed by the sale of their car; first answers count opening hours only."
          columns={['Figure', 'Value']}
          rows={[
            ['Leads', formatNumber(leads.total)],
            ['Won', formatNumber(leads.won)],
            ['Won, share of leads', leads.wonShare === null ? '—' : formatShare(leads.wonShare)],
            ['Answered leads', formatNumber(leads.firstResponse.answered)],
            ['Unanswered leads', formatNumber(leads.firstResponse.unanswered)],
            ['Median first response', median === null ? '—' : formatMinutes(median)],
          ]}
        />
        <FigureTable
          caption="Days to sell"
          note="Cars marked sold during these days, counted from listing to sale."
          columns={['Figure', 'Value']}
          rows={[
            ['Cars sold', formatNumber(sales.carsSold)],
            ['Sold for', dollars(sales.valueCents)],
            ['Median days to sell', sales.medianDaysToSell === null ? '—' : formatDays(sales.medianDaysToSell)],
            ['Mean days to sell', sales.meanDaysToSell === null ? '—' : formatDays(sales.meanDaysToSell)],
          ]}
        />
        <FigureTable
          caption="Stock by age"
          note={`${formatNumber(stock.cars)} cars for sale now, by whole days since listed.`}
          columns={['Age', 'Cars', 'Asking', 'Price cut']}
          className="lg:col-span-2"
          rows={stock.byAge.map((b) => [STOCK_AGE_LABELS[b.bucket], formatNumber(b.cars), dollars(b.valueCents), formatNumber(b.reduced)])}
        />
      </div>
    </div>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

/** A small table of figures under its heading: the caption names the table, the first column each row, the others are numbers. */
function FigureTable({ caption, note, columns, rows, className }: { caption: string; note: ReactNode; columns: string[]; rows: string[][]; className?: string }) {
  return (
    <section className={cn('min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm', className)}>
      <div className="px-4 pt-4 pb-3">
        <h2 className="text-base font-semibold text-slate-900">{caption}</h2>
        <p className="text-xs text-slate-600">{note}</p>
      </div>
      <Table label={caption} tableClassName="w-full">
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
              <Th scope="row" className="border-slate-100 bg-white text-sm font-medium tracking-normal whitespace-normal text-slate-800 normal-case">
                {name}
              </Th>
              {values.map((value, i) => (
                <Td key={columns[i + 1]} className="text-right tabular-nums">
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
