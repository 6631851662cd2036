import { beforeAll, describe, expect, it } from 'vitest';
import { QUERY_DAYS, REPORT_MESSAGES, type LeadSource, type LeadStatus } from '@dealer/shared';
import { closureDays, leads, vehiclePriceChanges } from '../../db/schema';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import { createVehicle, type TestUser } from '../../test/factories';

// Saturday 2026-11-28, noon in New York (UTC-5 since daylight saving ended on 2026-11-01).
const NOW = new Date('2026-11-28T17:00:00Z');
const DAY = 86_400_000;
const ctx = useTestApp(() => ({ clock: fixedClock(NOW), config: { WORKSHOP_TZ: 'America/New_York' } }));
const users = useTestUsers(ctx, {
  admin: { role: 'ADMIN' },
  sales: { role: 'SALES' },
  advisor: { role: 'SERVICE_ADVISOR' },
  technician: { role: 'TECHNICIAN' },
  customer: {},
});

const get = (url: string, user: TestUser | null) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: user ? user.auth : {} });
const RANGE = '?from=2026-11-01&to=2026-11-27';

let leadNo = 0;
async function lead(vehicleId: string, source: LeadSource, status: LeadStatus, createdAt: string, firstResponseAt: string | null) {
  leadNo += 1;
  const email = `lead${leadNo}@example.com`;
  await ctx.database.db.insert(leads).values({
    vehicleId,
    source,
    status,
    lostReason: status === 'Lost' ? 'Bought elsewhere' : null,
    customerName: `Lead ${leadNo}`,
    customerEmail: email,
    emailKey: email,
    respondBy: new Date(Date.parse(createdAt) + 2 * 3_600_000),
    firstResponseAt: firstResponseAt ? new Date(firstResponseAt) : null,
    lastEnquiryAt: new Date(createdAt),
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  });
}

const ago = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY - ms);

/**
 * Rows whose figures are worked out by hand (New York time; the workshop opens 8 AM to 8 PM, Monday to
 * Saturday; Wednesday 2026-11-11 is a closure day).
 */
beforeAll(async () => {
  const db = ctx.database.db;
  // The leads' car is under review: neither stock nor a sale.
  const car = (await createVehicle(ctx, { status: 'pending', price: 9000 })).id;
  await db.insert(closureDays).values({ date: '2026-11-11', reason: 'Veterans Day' });
  // Wed 10:00 -> 11:30: 90 opening minutes.
  await lead(car, 'question', 'Contacted', '2026-11-04T15:00:00Z', '2026-11-04T16:30:00Z');
  // Wed 6:30 PM -> Thu 9:00 AM: 90 + 60 = 150.
  await lead(car, 'test-drive', 'Won', '2026-11-04T23:30:00Z', '2026-11-05T14:00:00Z');
  // Sat 6 PM -> Mon 9 AM (Sunday closed): 120 + 60 = 180.
  await lead(car, 'offer', 'Lost', '2026-11-07T23:00:00Z', '2026-11-09T14:00:00Z');
  // Tue 10:00 -> 10:30: 30.
  await lead(car, 'question', 'Won', '2026-11-10T15:00:00Z', '2026-11-10T15:30:00Z');
  // Tue 6 PM -> Thu 8:30 AM (Wednesday a closure day): 120 + 30 = 150.
  await lead(car, 'question', 'Negotiating', '2026-11-10T23:00:00Z', '2026-11-12T13:30:00Z');
  // Fri 27 11:59 PM, the range's last minute: unanswered.
  await lead(car, 'offer', 'New', '2026-11-28T04:59:00Z', null);
  // Outside: Sat 31 Oct 11:59 PM (EDT) and Sat 28 Nov midnight.
  await lead(car, 'offer', 'Won', '2026-11-01T03:59:00Z', '2026-11-02T14:00:00Z');
  await lead(car, 'question', 'Won', '2026-11-28T05:00:00Z', '2026-11-28T14:00:00Z');

  // Sold in the range: 20, 10 and 101 days after listing.
  await createVehicle(ctx, { status: 'sold', price: 20000, createdAt: new Date('2026-10-15T12:00:00Z'), soldAt: new Date('2026-11-04T12:00:00Z') });
  await createVehicle(ctx, { status: 'sold', price: 15000.5, createdAt: new Date('2026-11-01T12:00:00Z'), soldAt: new Date('2026-11-11T12:00:00Z') });
  await createVehicle(ctx, { status: 'sold', price: 30000, createdAt: new Date('2026-08-01T12:00:00Z'), soldAt: new Date('2026-11-10T12:00:00Z') });
  // Sold before and after it.
  await createVehicle(ctx, { status: 'sold', price: 1000, createdAt: new Date('2026-10-01T16:00:00Z'), soldAt: new Date('2026-10-21T16:00:00Z') });
  await createVehicle(ctx, { status: 'sold', price: 1000, createdAt: new Date('2026-10-01T16:00:00Z'), soldAt: new Date('2026-11-28T05:00:00Z') });

  // For sale now, by whole days since listed: 0 and 30; 31; 61 and 90; 91.
  await createVehicle(ctx, { status: 'available', price: 10000, createdAt: ago(0, 3_600_000) });
  await createVehicle(ctx, { status: 'available', price: 11000, createdAt: ago(30, 3_600_000) });
  const c = await createVehicle(ctx, { status: 'reserved', price: 12000, createdAt: ago(31) });
  await createVehicle(ctx, { status: 'active', price: 13000, createdAt: ago(61, 60_000) });
  const e = await createVehicle(ctx, { status: 'available', price: 14000, createdAt: ago(90) });
  const f = await createVehicle(ctx, { status: 'available', price: 15000, createdAt: ago(91) });
  // Not for sale.
  await createVehicle(ctx, { status: 'pending', price: 16000, createdAt: ago(200) });
  await createVehicle(ctx, { status: 'rejected', price: 17000, createdAt: ago(5) });
  // C and F had their price lowered; E only raised.
  await db.insert(vehiclePriceChanges).values([
    { vehicleId: c.id, oldPriceCents: 1_250_000, newPriceCents: 1_200_000, changedAt: ago(3) },
    { vehicleId: e.id, oldPriceCents: 1_300_000, newPriceCents: 1_400_000, changedAt: ago(3) },
    { vehicleId: f.id, oldPriceCents: 1_600_000, newPriceCents: 1_550_000, changedAt: ago(20) },
    { vehicleId: f.id, oldPriceCents: 1_550_000, newPriceCents: 1_500_000, changedAt: ago(10) },
  ]);
});

const STOCK = [
  { bucket: '0-30', cars: 2, valueCents: 2_100_000, reduced: 0 },
  { bucket: '31-60', cars: 1, valueCents: 1_200_000, reduced: 1 },
  { bucket: '61-90', cars: 2, valueCents: 2_700_000, reduced: 0 },
  { bucket: '90+', cars: 1, valueCents: 1_500_000, reduced: 1 },
];

describe(`GET /api/admin/reports/sales (${TEST_DB_KIND})`, () => {
  it('gives each figure of a range as worked out by hand', async () => {
    const res = await get(`/admin/reports/sales${RANGE}`, users.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const report = res.json().data;
    expect(report.range).toEqual({ from: '2026-11-01', to: '2026-11-27', days: 27 });
    expect(report.generatedAt).toBe(NOW.toISOString());
    expect(report.leads).toEqual({
      total: 6,
      bySource: [
        { source: 'question', leads: 3 },
        { source: 'test-drive', leads: 1 },
        { source: 'offer', leads: 2 },
      ],
      byStatus: [
        { status: 'New', leads: 1 },
        { status: 'Contacted', leads: 1 },
        { status: 'Test drive booked', leads: 0 },
        { status: 'Negotiating', leads: 1 },
        { status: 'Won', leads: 2 },
        { status: 'Lost', leads: 1 },
      ],
      won: 2,
      wonShare: 2 / 6,
      // Opening minutes 30, 90, 150, 150, 180.
      firstResponse: { answered: 5, unanswered: 1, medianMinutes: 150 },
    });
    // 10, 20 and 101 days: median 20, mean 43.67.
    expect(report.sales).toEqual({ carsSold: 3, valueCents: 6_500_050, medianDaysToSell: 20, meanDaysToSell: 43.7 });
    expect(report.stock).toEqual({ asOf: NOW.toISOString(), cars: 6, byAge: STOCK });
  });

  it('takes the mean of the two middle answers for an even count', async () => {
    // The leads of Wednesday 2026-11-04: 90 and 150 minutes.
    const res = await get('/admin/reports/sales?from=2026-11-04&to=2026-11-04', users.sales);
    expect(res.json().data.leads.firstResponse).toEqual({ answered: 2, unanswered: 0, medianMinutes: 120 });
  });

  it('answers zeros and no medians for a range without leads or sales; the stock is still today', async () => {
    const res = await get('/admin/reports/sales?from=2025-01-01&to=2025-01-31', users.admin);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.leads.total).toBe(0);
    expect(report.leads.bySource.every((s: { leads: number }) => s.leads === 0)).toBe(true);
    expect(report.leads.wonShare).toBeNull();
    expect(report.leads.firstResponse).toEqual({ answered: 0, unanswered: 0, medianMinutes: null });
    expect(report.sales).toEqual({ carsSold: 0, valueCents: 0, medianDaysToSell: null, meanDaysToSell: null });
    expect(report.stock.byAge).toEqual(STOCK);
  });

  it('defaults to the last 90 days up to today, or up to the last day asked', async () => {
    expect((await get('/admin/reports/sales', users.admin)).json().data.range).toEqual({ from: '2026-08-31', to: '2026-11-28', days: 90 });
    expect((await get('/admin/reports/sales?to=2026-11-27&from=', users.admin)).json().data.range).toEqual({ from: '2026-08-30', to: '2026-11-27', days: 90 });
    // 366 days is the longest range.
    expect((await get('/admin/reports/sales?from=2025-11-27&to=2026-11-27', users.admin)).json().data.range.days).toBe(366);
  });

  it('refuses a bad range with the field and its message', async () => {
    const cases: [string, string, string][] = [
      ['?from=2026-11-10&to=2026-11-01', 'to', REPORT_MESSAGES.order],
      ['?from=2025-11-26&to=2026-11-27', 'from', REPORT_MESSAGES.tooLong],
      // Only the first day, more than a year ago: up to today is too long.
      ['?from=2025-01-01', 'from', REPORT_MESSAGES.tooLong],
      ['?from=2026-02-30', 'from', 'Please select a date'],
      ['?to=yesterday', 'to', 'Please select a date'],
      // Outside the years a report covers (a week of 9999 ends in year 10000).
      ['?to=9999-12-30', 'to', QUERY_DAYS.message],
      ['?from=1899-12-01&to=1900-01-31', 'from', QUERY_DAYS.message],
      // Only a first day after today, the last day by default.
      ['?from=2026-12-01', 'to', REPORT_MESSAGES.order],
    ];
    for (const [query, field, message] of cases) {
      for (const url of ['/admin/reports/sales', '/admin/reports/sales.csv']) {
        const res = await get(`${url}${query}`, users.admin);
        expect(res.statusCode, `${url}${query}`).toBe(422);
        expect(res.json().errors, `${url}${query}`).toEqual({ [field]: message });
      }
    }
  });

  it('is for ADMIN and SALES only', async () => {
    for (const url of [`/admin/reports/sales${RANGE}`, `/admin/reports/sales.csv${RANGE}`]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, users.admin)).statusCode, url).toBe(200);
      expect((await get(url, users.sales)).statusCode, url).toBe(200);
      for (const user of [users.customer, users.advisor, users.technician]) expect((await get(url, user)).statusCode, `${url} ${user.role}`).toBe(403);
    }
  });
});

describe(`GET /api/admin/reports/sales.csv (${TEST_DB_KIND})`, () => {
  it('sends the same figures as a CSV file named by its days, commas quoted', async () => {
    const res = await get(`/admin/reports/sales.csv${RANGE}`, users.sales);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-report-2026-11-01-to-2026-11-27.csv"');
    expect(res.headers['cache-control']).toContain('no-store');
    const stock = (section: string, values: (number | string)[]) =>
      ['0-30 days', '31-60 days', '61-90 days', 'Over 90 days'].map((label, i) => `"Stock by age, ${section}",${label},${values[i]}`);
    expect(res.body.split('\r\n')).toEqual([
      'Section,Figure,Value',
      'Range,From,2026-11-01',
      'Range,To,2026-11-27',
      'Range,Days,27',
      `Range,Stock counted at,${NOW.toISOString()}`,
      'Leads by source,Question,3',
      'Leads by source,Test drive,1',
      'Leads by source,Offer,2',
      'Leads by status,New,1',
      'Leads by status,Contacted,1',
      'Leads by status,Test drive booked,0',
      'Leads by status,Negotiating,1',
      'Leads by status,Won,2',
      'Leads by status,Lost,1',
      'Leads to sale,Leads,6',
      'Leads to sale,Won,2',
      'Leads to sale,"Won, % of leads",33.3',
      'First response,Answered leads,5',
      'First response,Unanswered leads,1',
      'First response,"Median, minutes of opening hours",150',
      'Days to sell,Cars sold,3',
      'Days to sell,"Sold for, USD",65000.50',
      'Days to sell,Median days,20',
      'Days to sell,Mean days,43.7',
      ...stock('cars', [2, 1, 2, 1]).flatMap((line, i) => [line, stock('asking USD', ['21000.00', '12000.00', '27000.00', '15000.00'])[i]!, stock('price lowered', [0, 1, 0, 1])[i]!]),
      '',
    ]);
  });

  it('leaves a figure without a value empty', async () => {
    const body = (await get('/admin/reports/sales.csv?from=2025-01-01&to=2025-01-31', users.admin)).body;
    expect(body).toContain('\r\nLeads to sale,"Won, % of leads",\r\n');
    expect(body).toContain('\r\nDays to sell,Median days,\r\n');
  });
});
