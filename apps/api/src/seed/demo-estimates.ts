import { sql, TransactionRollbackError } from 'drizzle-orm';
import { estimateTotals, lineAmountCents, type EstimateLineDecision, type EstimateLineKind, type WorkshopStage } from '@dealer/shared';
import type { AppDeps } from '../app';
import { estimateLines, estimates, inspectionItems, maintenanceAppointments, workshopCheckIns, workshopSettings } from '../db/schema';
import { holdPlacesOf } from '../modules/maintenance';
import { addDays, isSunday, workshopMoment } from '../modules/workshop-calendar';
import { appointmentRow } from '../test/factories';
import type { DemoUsers } from './demo-users';

const HOUR = 3_600_000;
/** The demo's tax rate (decision 026): 8.25 %. */
const DEMO_TAX_BASIS_POINTS = 825;
const HOURLY = 9000;

type Line = [EstimateLineKind, string, quantityHundredths: number, unitPriceCents: number, finding: number | null, decision: EstimateLineDecision | null];

/** Two of Jane's jobs today: one whose estimate waits for her decision, one she decided this morning. */
const JOBS: { time: string; stage: WorkshopStage; service: [string, string]; car: [string, string, string, string]; findings: [string, 'Needs attention now' | 'Needs attention soon', string][]; lines: Line[]; decided: boolean }[] = [
  {
    time: '05:00 PM',
    stage: 'Waiting for approval',
    service: ['mechanical', 'Brake System Repair'],
    car: ['Toyota', 'Corolla', '2019', 'JNE-2019'],
    findings: [
      ['Brakes', 'Needs attention now', 'Front pads worn to 2 mm; discs scored.'],
      ['Wipers', 'Needs attention soon', 'Blades streak and chatter.'],
    ],
    lines: [
      ['Labour', 'Replace front brake pads and discs', 150, HOURLY, 0, null],
      ['Part', 'Front brake pads and discs (set)', 100, 18_950, 0, null],
      ['Part', 'Wiper blades (pair)', 200, 1_499, 1, null],
    ],
    decided: false,
  },
  {
    time: '06:00 PM',
    stage: 'In progress',
    service: ['routine', 'Oil Change'],
    car: ['Honda', 'Civic', '2017', 'JNE4821'],
    findings: [
      ['Battery', 'Needs attention soon', 'Tests at 60 % of its rated cold-cranking amps.'],
      ['Tyres', 'Needs attention now', 'Rear tyres at 2/32 in.'],
    ],
    lines: [
      ['Labour', 'Oil and filter change', 50, HOURLY, null, 'Approved'],
      ['Part', 'Rear tyres (pair), fitted', 200, 12_900, 1, 'Approved'],
      ['Part', 'Battery, fitted', 100, 15_900, 0, 'Declined'],
      ['Fee', 'Tyre disposal', 200, 350, null, 'Approved'],
    ],
    decided: true,
  },
];

/**
 * The demo's estimates (issue 27): the workshop charges $90.00 an hour and 8.25 % tax; Jane Cooper has a
 * sent estimate awaiting her decision (at /account/estimates) and one she decided (2 approved lines of
 * 3 plus a fee: its approved total with tax is the job's cost; the battery stays as recommended work).
 * Both jobs are checked in, with the findings their lines answer.
 */
export async function seedDemoEstimates(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, userIds: DemoUsers): Promise<void> {
  const { db, clock, config } = deps;
  const now = clock.now().getTime();
  await db
    .insert(workshopSettings)
    .values({ id: 1, serviceBays: config.SLOT_CAPACITY, bodyBays: 1, paintBooths: 1, hourlyRateCents: HOURLY, taxRateBasisPoints: DEMO_TAX_BASIS_POINTS })
    .onConflictDoUpdate({ target: workshopSettings.id, set: { hourlyRateCents: HOURLY, taxRateBasisPoints: DEMO_TAX_BASIS_POINTS } });
  const moment = workshopMoment(clock.now(), config.WORKSHOP_TZ);
  const today = isSunday(moment.date) ? addDays(moment.date, 1) : moment.date;

  for (const job of JOBS) {
    const [make, model, year, registration] = job.car;
    const values = appointmentRow({
      userId: userIds.jane,
      maintenanceType: job.service[0],
      specificService: job.service[1],
      appointmentDate: today,
      appointmentTime: job.time,
      vehicle: { make, model, year, registration },
      customer: { name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 (555) 010-0101' },
      technician: 'Dana Lee',
      status: 'Scheduled',
      stage: job.stage,
      createdAt: new Date(now - 9 * 24 * HOUR),
      updatedAt: new Date(now - HOUR),
    });
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(maintenanceAppointments).values(values).returning();
      // An hour already full leaves this job out (nothing written).
      return (await holdPlacesOf(tx, inserted!, config.SLOT_CAPACITY)) ? inserted! : tx.rollback();
    }).catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
    if (!row) continue;
    await db.insert(workshopCheckIns).values({
      appointmentId: row.id,
      registrationKey: registration.replace(/[^A-Z0-9]/gi, '').toUpperCase(),
      odometer: 48_200,
      fuelLevel: '1/2',
      notes: null,
      createdAt: new Date(now - 5 * HOUR),
    });
    const items = await db
      .insert(inspectionItems)
      .values(job.findings.map(([label, condition, note], position) => ({ appointmentId: row.id, position, label, condition, note, updatedById: userIds.technician })))
      .returning({ id: inspectionItems.id });
    const taxRateBasisPoints = DEMO_TAX_BASIS_POINTS;
    const sentAt = new Date(now - (job.decided ? 4 : 2) * HOUR);
    const [estimate] = await db
      .insert(estimates)
      .values({
        appointmentId: row.id,
        status: job.decided ? 'Decided' : 'Sent',
        version: 1,
        taxRateBasisPoints,
        sentAt,
        sentById: userIds.advisor,
        decidedAt: job.decided ? new Date(now - 3 * HOUR) : null,
        decidedName: job.decided ? 'Jane Cooper' : null,
        decidedIp: job.decided ? '203.0.113.24' : null,
        createdAt: new Date(sentAt.getTime() - HOUR),
        updatedAt: job.decided ? new Date(now - 3 * HOUR) : sentAt,
      })
      .returning({ id: estimates.id });
    const lines = job.lines.map(([kind, description, quantityHundredths, unitPriceCents, finding, decision], position) => ({
      estimateId: estimate!.id,
      position,
      kind,
      description,
      quantityHundredths,
      unitPriceCents,
      amountCents: lineAmountCents(quantityHundredths, unitPriceCents),
      inspectionItemId: finding === null ? null : items[finding]!.id,
      decision,
    }));
    await db.insert(estimateLines).values(lines);
    if (job.decided) {
      const approved = estimateTotals(lines.filter((l) => l.decision === 'Approved').map((l) => l.amountCents), taxRateBasisPoints);
      await db.update(maintenanceAppointments).set({ cost: sql`${approved.totalCents}::numeric / 100` as unknown as number }).where(sql`${maintenanceAppointments.id} = ${row.id}`);
    }
  }
}
