import { LEAD_SOURCE_LABELS, STOCK_AGE_LABELS, formatLongDate, formatNumber, formatPrice, type SalesReport as Report } from '@dealer/shared';
import { useUrlParams } from '@/lib/use-url-params';
import { REPORT_URL_KEYS, reportRangeParams, salesReportCsvUrl, useSalesReport } from '../api/get-sales-report';
import { formatDays, formatMinutes, formatShare, shareOf } from '../lib/report-format';
import { FigureTable, Stat } from './figures';
import { ReportPage } from './report-page';

const dollars = (cents: number) => formatPrice(cents / 100);

/** The owner's figures for a range of days: leads by source and status, first answers, sales and stock by age. */
export function SalesReport() {
  const url = useUrlParams(REPORT_URL_KEYS);
  const params = reportRangeParams(url);
  return (
    <ReportPage
      description="Leads, first answers, sales and the cars in stock, for the days you choose."
      params={params}
      query={useSalesReport(params)}
      csv={{ url: salesReportCsvUrl(params), fallbackName: 'sales-report.csv' }}
      onRange={url.update}
    >
      {(data) => <Figures report={data} />}
    </ReportPage>
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
