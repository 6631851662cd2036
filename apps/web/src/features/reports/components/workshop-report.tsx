import { WORKSHOP_RESOURCES, formatLongDate, formatNumber, formatPrice, type WorkshopReport as Report, type WorkshopReportPeriod } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { useUrlParams } from '@/lib/use-url-params';
import { WORKSHOP_REPORT_URL_KEYS, useWorkshopReport, workshopReportCsvUrl, workshopReportParams } from '../api/get-workshop-report';
import { formatDays, formatShare, periodLabel } from '../lib/report-format';
import { PeriodTable } from './figures';
import { ReportPage } from './report-page';

const dollars = (cents: number) => formatPrice(cents / 100);
const share = (value: number | null) => (value === null ? '—' : formatShare(value));
const hours = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US')} h`);

/** The workshop's figures per week or month (ADMIN): utilisation, revenue, estimates, no-shows, reminders. */
export function WorkshopReport() {
  const url = useUrlParams(WORKSHOP_REPORT_URL_KEYS);
  const params = workshopReportParams(url);
  const period: WorkshopReportPeriod = params.period ?? 'week';

  return (
    <ReportPage
      description="The workshop's use, revenue, estimates, no-shows and reminders, per week or month."
      params={params}
      query={useWorkshopReport(params)}
      csv={{ url: workshopReportCsvUrl(params), fallbackName: 'workshop-report.csv' }}
      onRange={url.update}
      controls={
        <FormField label="Figures per" className="w-full sm:w-44">
          <NativeSelect value={period} onChange={(event) => url.update({ period: event.target.value === 'month' ? 'month' : null })}>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </NativeSelect>
        </FormField>
      }
    >
      {(data) => <Figures report={data} />}
    </ReportPage>
  );
}

function Figures({ report }: { report: Report }) {
  const { range, periods } = report;
  const label = (p: Report['periods'][number]) => periodLabel(p);
  return (
    <div className="grid gap-6">
      <p className="text-sm text-slate-700" aria-live="polite">
        {formatLongDate(range.from)} to {formatLongDate(range.to)} ({formatDays(range.days)}), per {report.period}.
      </p>
      <PeriodTable
        caption="Utilisation"
        note="Hours of jobs booked (not cancelled) over the hours open: places times opening hours, closure days left out. A job of working days counts whole days, in the period it starts."
        columns={[...WORKSHOP_RESOURCES]}
        rows={periods.map((p) => [
          label(p),
          ...p.utilisation.map((u) => `${share(u.share)} (${formatNumber(u.bookedHours)} of ${formatNumber(u.availableHours)} h)`),
        ])}
      />
      <PeriodTable
        caption="Revenue"
        note="From invoices issued in the period, before tax; credit notes count against it."
        columns={['Total', 'By category', 'By technician']}
        rows={periods.map((p) => [
          label(p),
          dollars(p.revenue.totalCents),
          p.revenue.byCategory.map((c) => `${c.category} ${dollars(c.cents)}`).join('; ') || '—',
          p.revenue.byTechnician.map((t) => `${t.technician} ${dollars(t.cents)}`).join('; ') || '—',
        ])}
      />
      <PeriodTable
        caption="Estimates"
        note="Estimates the customer decided in the period: approved dollars over estimated dollars, and the time from sending to the decision."
        columns={['Decided', 'Estimated', 'Approved', 'Approval rate', 'Median time to decide']}
        rows={periods.map((p) => [
          label(p),
          formatNumber(p.estimates.decided),
          dollars(p.estimates.estimatedCents),
          dollars(p.estimates.approvedCents),
          share(p.estimates.approvalShare),
          hours(p.estimates.medianDecisionHours),
        ])}
      />
      <PeriodTable
        caption="No-shows and reminders"
        note="Jobs dated in the period that ended (completed or no-show); reminder e-mails sent in the period and those followed by a booking within 30 days."
        columns={['Jobs ended', 'No-shows', 'No-show rate', 'Reminders sent', 'Booked from them', 'Booked share']}
        rows={periods.map((p) => [
          label(p),
          formatNumber(p.noShows.jobs),
          formatNumber(p.noShows.noShows),
          share(p.noShows.share),
          formatNumber(p.reminders.sent),
          formatNumber(p.reminders.booked),
          share(p.reminders.share),
        ])}
      />
    </div>
  );
}
