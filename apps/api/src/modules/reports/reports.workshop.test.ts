import { beforeAll, describe, expect, it } from 'vitest';
import {
  closureDays,
  estimateLines,
  estimates,
  invoices,
  maintenanceAppointments,
  serviceReminders,
  users as usersTable,
  workshopSettings,
} from '../../db/schema';
import { eq } from 'drizzle-orm';
import { fixedClock, TEST_DB_KIND, useTestApp, useTestUsers } from '../../test/harness';
import type { TestUser } from '../../test/factories';
import type { WorkshopReport } from '@dealer/shared';

// Saturday 2026-11-28, noon in New York (UTC-5).
const NOW = new Date('2026-11-28T17:00:00Z');
const ctx = useTestApp(() => ({ clock: fixedClock(NOW), config: { WORKSHOP_TZ: 'America/New_York' } }));
const users = useTestUsers(ctx, {
  admin: { role: 'ADMIN' },
  sales: { role: 'SALES' },
  advisor: { role: 'SERVICE_ADVISOR' },
  technician: { role: 'TECHNICIAN' },
  customer: {},
});

const get = (url: string, user: TestUser | null) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: user ? user.auth : {} });
/** Sunday 1 November to Saturday 14 November: three weeks (the first one day long), one month. */
const RANGE = 'from=2026-11-01&to=2026-11-14';

type Job = Partial<typeof maintenanceAppointments.$inferInsert> & Pick<typeof maintenanceAppointments.$inferInsert, 'appointmentDate' | 'status'>;
async function job(values: Job): Promise<string> {
  const [row] = await ctx.database.db
    .insert(maintenanceAppointments)
    .values({
      maintenanceType: 'Routine Service',
      specificService: 'Oil Change',
      appointmentTime: '09:00 AM',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleYear: '2019',
      vehicleRegistration: 'ABC-123',
      customerName: 'Figure Customer',
      customerEmail: 'figures@example.com',
      customerPhone: '5550100',
      ...values,
    })
    .returning({ id: maintenanceAppointments.id });
  return row!.id;
}

let invoiceNo = 0;
async function invoice(issuedAt: string, maintenanceType: string, subtotalCents: number, technicianId: string | null, creditsInvoiceId?: string) {
  invoiceNo += 1;
  const taxCents = Math.round((subtotalCents * 825) / 10000);
  const [row] = await ctx.database.db
    .insert(invoices)
    .values({
      number: `2026-${String(invoiceNo).padStart(6, '0')}`,
      year: 2026,
      sequence: invoiceNo,
      kind: creditsInvoiceId ? 'Credit note' : 'Invoice',
      creditsInvoiceId: creditsInvoiceId ?? null,
      customerName: 'Figure Customer',
      customerEmail: 'figures@example.com',
      vehicleRegistration: 'ABC-123',
      technicianId,
      maintenanceType,
      taxRateBasisPoints: 825,
      subtotalCents,
      taxCents,
      totalCents: subtotalCents + taxCents,
      issuedAt: new Date(issuedAt),
    })
    .returning({ id: invoices.id });
  return row!.id;
}

async function estimate(appointmentId: string, sentAt: string, decidedAt: string | null, lines: [number, 'Approved' | 'Declined' | null][]) {
  const [row] = await ctx.database.db
    .insert(estimates)
    .values({
      appointmentId,
      status: decidedAt ? 'Decided' : 'Sent',
      version: 1,
      taxRateBasisPoints: 825,
      sentAt: new Date(sentAt),
      decidedAt: decidedAt ? new Date(decidedAt) : null,
      decidedName: decidedAt ? 'Figure Customer' : null,
    })
    .returning({ id: estimates.id });
  await ctx.database.db.insert(estimateLines).values(
    lines.map(([amountCents, decision], i) => ({
      estimateId: row!.id,
      position: i,
      kind: 'Part' as const,
      description: `Line ${i + 1}`,
      quantityHundredths: 100,
      unitPriceCents: amountCents,
      amountCents,
      decision,
    })),
  );
}

async function reminder(sentAt: string, bookedAt: string | null) {
  await ctx.database.db.insert(serviceReminders).values({
    userId: users.customer.id,
    kind: 'Service due',
    specificService: 'Oil Change',
    vehicleRegistration: 'ABC-123',
    reason: '6 months since your last Oil Change',
    sentAt: new Date(sentAt),
    bookedAt: bookedAt ? new Date(bookedAt) : null,
  });
}

/**
 * Rows whose figures are worked out by hand. The workshop has 2 service bays, 1 body bay and 1 paint
 * booth, open 8 AM to 8 PM (12 hours) Monday to Saturday; Wednesday 11 November is a closure day. So the
 * week of 2-8 November has 6 open days (72 hours a place), 9-14 November 5 (60 hours), 1 November none.
 */
beforeAll(async () => {
  const db = ctx.database.db;
  await db.insert(workshopSettings).values({ id: 1, serviceBays: 2, bodyBays: 1, paintBooths: 1 });
  await db.insert(closureDays).values({ date: '2026-11-11', reason: 'Veterans Day' });
  await db.update(usersTable).set({ name: 'Tess Technician' }).where(eq(usersTable.id, users.technician.id));
  const tech = users.technician.id;

  const a = await job({ appointmentDate: '2026-11-03', status: 'Completed', stage: 'Completed', durationAmount: 2 });
  await job({ appointmentDate: '2026-11-04', status: 'Cancelled', stage: 'No-show' });
  const c = await job({ appointmentDate: '2026-11-05', status: 'Scheduled', resource: 'Body bay', durationUnit: 'days', durationAmount: 2 });
  await job({ appointmentDate: '2026-11-06', status: 'Cancelled' });
  const e = await job({ appointmentDate: '2026-11-10', status: 'Completed', stage: 'Completed', resource: 'Paint booth', durationAmount: 3 });
  const f = await job({ appointmentDate: '2026-11-10', status: 'Pending', durationAmount: 4 });
  await job({ appointmentDate: '2026-11-20', status: 'Completed', stage: 'Completed', durationAmount: 5 });

  const first = await invoice('2026-11-03T15:00:00Z', 'Routine Service', 10_000, tech);
  // 11:30 PM on Sunday 8 November in New York: the second week, though already the 9th in UTC.
  await invoice('2026-11-09T04:30:00Z', 'Body Work', 50_000, null);
  await invoice('2026-11-10T15:00:00Z', 'Routine Service', -2_000, tech, first);
  // Midnight starting Sunday 15 November in New York: after the range.
  await invoice('2026-11-15T05:00:00Z', 'Routine Service', 7_000, tech);

  await estimate(a, '2026-11-03T14:00:00Z', '2026-11-03T20:00:00Z', [[10_000, 'Approved'], [5_000, 'Declined']]); // 6 h
  await estimate(e, '2026-11-04T14:00:00Z', '2026-11-05T14:00:00Z', [[8_000, 'Approved']]); // 24 h
  await estimate(f, '2026-11-09T14:00:00Z', '2026-11-09T16:30:00Z', [[3_000, 'Declined'], [1_000, 'Declined']]); // 2.5 h
  await estimate(c, '2026-11-05T14:00:00Z', null, [[9_999, null]]);

  await reminder('2026-11-02T15:00:00Z', '2026-11-20T15:00:00Z'); // booked after 18 days
  await reminder('2026-11-03T15:00:00Z', '2026-12-10T15:00:00Z'); // after 37 days: not counted
  await reminder('2026-11-12T15:00:00Z', null);
});

const report = async (query: string, user: TestUser = users.admin) => {
  const res = await get(`/admin/reports/workshop?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: WorkshopReport }).data;
};

describe(`GET /api/admin/reports/workshop (${TEST_DB_KIND})`, () => {
  it('gives each week its figures as worked out by hand', async () => {
    const r = await report(RANGE);
    expect(r.range).toEqual({ from: '2026-11-01', to: '2026-11-14', days: 14 });
    expect(r.period).toBe('week');
    expect(r.periods.map((p) => [p.start, p.from, p.to])).toEqual([
      ['2026-10-26', '2026-11-01', '2026-11-01'],
      ['2026-11-02', '2026-11-02', '2026-11-08'],
      ['2026-11-09', '2026-11-09', '2026-11-14'],
    ]);
    const [sunday, second, third] = r.periods;

    expect(sunday!.utilisation.map((u) => [u.bookedHours, u.availableHours, u.share])).toEqual([[0, 0, null], [0, 0, null], [0, 0, null]]);
    expect(sunday!.revenue).toEqual({ totalCents: 0, byCategory: [], byTechnician: [] });
    expect(sunday!.estimates).toEqual({ decided: 0, estimatedCents: 0, approvedCents: 0, approvalShare: null, medianDecisionHours: null });
    expect(sunday!.noShows).toEqual({ jobs: 0, noShows: 0, share: null });
    expect(sunday!.reminders).toEqual({ sent: 0, booked: 0, share: null });

    expect(second!.utilisation).toEqual([
      { resource: 'Service bay', bookedHours: 2, availableHours: 144, share: 2 / 144 },
      { resource: 'Body bay', bookedHours: 24, availableHours: 72, share: 24 / 72 },
      { resource: 'Paint booth', bookedHours: 0, availableHours: 72, share: 0 },
    ]);
    expect(second!.revenue).toEqual({
      totalCents: 60_000,
      byCategory: [
        { category: 'Body Work', cents: 50_000 },
        { category: 'Routine Service', cents: 10_000 },
      ],
      byTechnician: [
        { technician: 'No technician', cents: 50_000 },
        { technician: 'Tess Technician', cents: 10_000 },
      ],
    });
    expect(second!.estimates).toEqual({ decided: 2, estimatedCents: 23_000, approvedCents: 18_000, approvalShare: 18_000 / 23_000, medianDecisionHours: 15 });
    expect(second!.noShows).toEqual({ jobs: 2, noShows: 1, share: 0.5 });
    expect(second!.reminders).toEqual({ sent: 2, booked: 1, share: 0.5 });

    expect(third!.utilisation).toEqual([
      { resource: 'Service bay', bookedHours: 4, availableHours: 120, share: 4 / 120 },
      { resource: 'Body bay', bookedHours: 0, availableHours: 60, share: 0 },
      { resource: 'Paint booth', bookedHours: 3, availableHours: 60, share: 3 / 60 },
    ]);
    expect(third!.revenue).toEqual({
      totalCents: -2_000,
      byCategory: [{ category: 'Routine Service', cents: -2_000 }],
      byTechnician: [{ technician: 'Tess Technician', cents: -2_000 }],
    });
    expect(third!.estimates).toEqual({ decided: 1, estimatedCents: 4_000, approvedCents: 0, approvalShare: 0, medianDecisionHours: 2.5 });
    expect(third!.noShows).toEqual({ jobs: 1, noShows: 0, share: 0 });
    expect(third!.reminders).toEqual({ sent: 1, booked: 0, share: 0 });
  });

  it('gives the month the same rows added up, and the middle of its three decisions', async () => {
    const r = await report(`${RANGE}&period=month`);
    expect(r.periods).toHaveLength(1);
    const [month] = r.periods;
    expect([month!.start, month!.from, month!.to]).toEqual(['2026-11-01', '2026-11-01', '2026-11-14']);
    expect(month!.utilisation.map((u) => [u.resource, u.bookedHours, u.availableHours])).toEqual([
      ['Service bay', 6, 264],
      ['Body bay', 24, 132],
      ['Paint booth', 3, 132],
    ]);
    expect(month!.revenue.totalCents).toBe(58_000);
    expect(month!.revenue.byTechnician).toEqual([
      { technician: 'No technician', cents: 50_000 },
      { technician: 'Tess Technician', cents: 8_000 },
    ]);
    expect(month!.estimates).toEqual({ decided: 3, estimatedCents: 27_000, approvedCents: 18_000, approvalShare: 18_000 / 27_000, medianDecisionHours: 6 });
    expect(month!.noShows).toEqual({ jobs: 3, noShows: 1, share: 1 / 3 });
    expect(month!.reminders).toEqual({ sent: 3, booked: 1, share: 1 / 3 });
  });

  it('splits a range over two months into both, each clipped to the range', async () => {
    const r = await report('from=2026-10-20&to=2026-11-05&period=month');
    expect(r.periods.map((p) => [p.start, p.from, p.to])).toEqual([
      ['2026-10-01', '2026-10-20', '2026-10-31'],
      ['2026-11-01', '2026-11-01', '2026-11-05'],
    ]);
    expect(r.periods[1]!.utilisation[0]).toEqual({ resource: 'Service bay', bookedHours: 2, availableHours: 4 * 12 * 2, share: 2 / 96 });
  });

  it('refuses a bad period or range, or days outside 1900-2099, with the field and its message', async () => {
    for (const [query, field, message] of [
      ['period=year', 'period', 'Choose week or month'],
      ['from=2026-11-10&to=2026-11-01', 'to', 'The first day must not be after the last'],
      ['from=2024-01-01&to=2026-11-01', 'from', 'Choose at most 366 days'],
      ['from=2026-13-01', 'from', undefined],
      // A week of 9999 ends in year 10000: it used to loop for ever (the week) or fail (the month); year 100 reached the database.
      ['to=9999-12-30', 'to', 'Choose days from 1900 to 2099'],
      ['from=9999-12-01&to=9999-12-31&period=month', 'from', 'Choose days from 1900 to 2099'],
      ['from=0100-01-01&to=0100-01-31', 'to', 'Choose days from 1900 to 2099'],
    ] as const) {
      for (const url of ['/admin/reports/workshop', '/admin/reports/workshop.csv']) {
        const res = await get(`${url}?${query}`, users.admin);
        expect(res.statusCode, `${url}?${query}`).toBe(422);
        const errors = (res.json() as { errors: Record<string, string> }).errors;
        expect(Object.keys(errors)).toContain(field);
        if (message) expect(errors[field]).toBe(message);
      }
    }
  });

  it('is for ADMIN only', async () => {
    for (const url of [`/admin/reports/workshop?${RANGE}`, `/admin/reports/workshop.csv?${RANGE}`]) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      for (const user of [users.customer, users.sales, users.advisor, users.technician]) expect((await get(url, user)).statusCode, `${url} ${user.role}`).toBe(403);
      expect((await get(url, users.admin)).statusCode).toBe(200);
    }
  });
});

describe(`GET /api/admin/reports/workshop.csv (${TEST_DB_KIND})`, () => {
  it('sends the figures one a row under the period, named by its period and days', async () => {
    const res = await get(`/admin/reports/workshop.csv?${RANGE}&period=month`, users.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="workshop-report-month-2026-11-01-to-2026-11-14.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('From,To,Section,Figure,Value');
    expect(lines).toContain('2026-11-01,2026-11-14,Utilisation,"Body bay, booked hours",24');
    expect(lines).toContain('2026-11-01,2026-11-14,"Revenue, USD before tax",Total,580.00');
    expect(lines).toContain('2026-11-01,2026-11-14,"Revenue by technician, USD",Tess Technician,80.00');
    expect(lines).toContain('2026-11-01,2026-11-14,Estimates,"Approval rate, %",66.7');
    expect(lines).toContain('2026-11-01,2026-11-14,No-shows,"No-show rate, %",33.3');
    expect(lines).toContain('2026-11-01,2026-11-14,Reminders,Booked within 30 days,1');
  });
});
