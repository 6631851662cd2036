import { stringify } from 'csv-stringify/sync';
import { LEAD_SOURCE_LABELS, STOCK_AGE_LABELS, type SalesReport, type WorkshopReport } from '@dealer/shared';

/** The CSV's columns: one figure a row, so a spreadsheet can filter and chart any of them. */
export const REPORT_CSV_HEADER = ['Section', 'Figure', 'Value'] as const;

type Cell = string | number | null;

const dollars = (cents: number) => (cents / 100).toFixed(2);
const percent = (share: number | null) => (share === null ? null : (share * 100).toFixed(1));

/**
 * The report as RFC 4180 CSV (CRLF line ends; a cell with a comma, quote or line break quoted, quotes
 * doubled, by csv-stringify). Money in dollars with cents, shares in percent, an empty cell where a
 * figure has no value (a median without data).
 */
export function salesReportCsv(report: SalesReport): string {
  const { range, leads, sales, stock } = report;
  const rows: Cell[][] = [
    ['Range', 'From', range.from],
    ['Range', 'To', range.to],
    ['Range', 'Days', range.days],
    ['Range', 'Stock counted at', stock.asOf],
    ...leads.bySource.map((s): Cell[] => ['Leads by source', LEAD_SOURCE_LABELS[s.source], s.leads]),
    ...leads.byStatus.map((s): Cell[] => ['Leads by status', s.status, s.leads]),
    ['Leads to sale', 'Leads', leads.total],
    ['Leads to sale', 'Won', leads.won],
    ['Leads to sale', 'Won, % of leads', percent(leads.wonShare)],
    ['First response', 'Answered leads', leads.firstResponse.answered],
    ['First response', 'Unanswered leads', leads.firstResponse.unanswered],
    ['First response', 'Median, minutes of opening hours', leads.firstResponse.medianMinutes],
    ['Days to sell', 'Cars sold', sales.carsSold],
    ['Days to sell', 'Sold for, USD', dollars(sales.valueCents)],
    ['Days to sell', 'Median days', sales.medianDaysToSell],
    ['Days to sell', 'Mean days', sales.meanDaysToSell],
    ...stock.byAge.flatMap((b): Cell[][] => [
      ['Stock by age, cars', STOCK_AGE_LABELS[b.bucket], b.cars],
      ['Stock by age, asking USD', STOCK_AGE_LABELS[b.bucket], dollars(b.valueCents)],
      ['Stock by age, price lowered', STOCK_AGE_LABELS[b.bucket], b.reduced],
    ]),
  ];
  return stringify([[...REPORT_CSV_HEADER], ...rows], { record_delimiter: 'windows' });
}

/** The workshop CSV's columns: the period's first and last day inside the range, then one figure a row. */
export const WORKSHOP_CSV_HEADER = ['From', 'To', 'Section', 'Figure', 'Value'] as const;

/** The workshop report as RFC 4180 CSV, the same conventions as the sales report's. */
export function workshopReportCsv(report: WorkshopReport): string {
  const rows = report.periods.flatMap((p): Cell[][] => {
    const row = (section: string, figure: string, value: Cell): Cell[] => [p.from, p.to, section, figure, value];
    return [
      ...p.utilisation.flatMap((u) => [
        row('Utilisation', `${u.resource}, booked hours`, u.bookedHours),
        row('Utilisation', `${u.resource}, open hours`, u.availableHours),
        row('Utilisation', `${u.resource}, %`, percent(u.share)),
      ]),
      row('Revenue, USD before tax', 'Total', dollars(p.revenue.totalCents)),
      ...p.revenue.byCategory.map((c) => row('Revenue by category, USD', c.category, dollars(c.cents))),
      ...p.revenue.byTechnician.map((t) => row('Revenue by technician, USD', t.technician, dollars(t.cents))),
      row('Estimates', 'Decided', p.estimates.decided),
      row('Estimates', 'Estimated, USD', dollars(p.estimates.estimatedCents)),
      row('Estimates', 'Approved, USD', dollars(p.estimates.approvedCents)),
      row('Estimates', 'Approval rate, %', percent(p.estimates.approvalShare)),
      row('Estimates', 'Median hours to decision', p.estimates.medianDecisionHours),
      row('No-shows', 'Jobs ended', p.noShows.jobs),
      row('No-shows', 'No-shows', p.noShows.noShows),
      row('No-shows', 'No-show rate, %', percent(p.noShows.share)),
      row('Reminders', 'Sent', p.reminders.sent),
      row('Reminders', 'Booked within 30 days', p.reminders.booked),
      row('Reminders', 'Booked, %', percent(p.reminders.share)),
    ];
  });
  return stringify([[...WORKSHOP_CSV_HEADER], ...rows], { record_delimiter: 'windows' });
}
