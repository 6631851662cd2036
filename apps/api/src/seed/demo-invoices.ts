import type { EstimateLineKind } from '@dealer/shared';
import type { AppDeps } from '../deps';
import { estimateLines, estimates, maintenanceAppointments } from '../db/schema';
import { invoiceNumber, taxOf } from '../modules/invoices/invoices.money';
import { insertInvoice, insertPayment, takeSequence } from '../modules/invoices/invoices.repository';
import { workshopMoment } from '../modules/workshop-calendar';
import { appointmentRow } from '../test/factories';
import type { DemoUsers } from './demo-users';

const DAY = 86_400_000;
type Line = { kind: EstimateLineKind; description: string; quantityHundredths: number; unitPriceCents: number; decision: 'Approved' | 'Declined' };

/** Two completed jobs of the demo customers, each with its decided estimate and invoice: Jane's paid in full, Sam's with a balance. */
const JOBS: {
  who: 'jane' | 'sam';
  daysAgo: number;
  type: string;
  service: string;
  car: { make: string; model: string; year: string; registration: string };
  lines: Line[];
  /** Paid in cents: 'all' or an amount. */
  paid: 'all' | number;
}[] = [
  {
    who: 'jane',
    daysAgo: 12,
    type: 'mechanical',
    service: 'Brake System Repair',
    car: { make: 'Honda', model: 'Civic', year: '2017', registration: 'JNE4821' },
    lines: [
      { kind: 'Labour', description: 'Replace front brake pads and discs', quantityHundredths: 200, unitPriceCents: 9000, decision: 'Approved' },
      { kind: 'Part', description: 'Front brake disc', quantityHundredths: 200, unitPriceCents: 6450, decision: 'Approved' },
      { kind: 'Part', description: 'Brake pad set', quantityHundredths: 100, unitPriceCents: 4899, decision: 'Approved' },
      { kind: 'Fee', description: 'Brake fluid flush', quantityHundredths: 100, unitPriceCents: 5900, decision: 'Declined' },
    ],
    paid: 'all',
  },
  {
    who: 'sam',
    daysAgo: 3,
    type: 'electrical',
    service: 'Battery Service',
    car: { make: 'Toyota', model: 'Corolla', year: '2019', registration: 'SAM2019' },
    lines: [
      { kind: 'Labour', description: 'Battery test and replacement', quantityHundredths: 50, unitPriceCents: 9000, decision: 'Approved' },
      { kind: 'Part', description: 'Battery 12V 60Ah', quantityHundredths: 100, unitPriceCents: 15_999, decision: 'Approved' },
      { kind: 'Part', description: 'Wiper blades (pair)', quantityHundredths: 100, unitPriceCents: 2999, decision: 'Declined' },
    ],
    paid: 5000,
  },
];

/**
 * Invoices for the demo customers, numbered from the year's counter as the workshop issues them: a
 * decided estimate behind each, tax at 8.25 % once on the approved lines, one paid and one with a balance.
 */
export async function seedDemoInvoices(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, userIds: DemoUsers): Promise<void> {
  const { db, clock, config } = deps;
  const now = clock.now().getTime();
  const customers = {
    jane: { id: userIds.jane, name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 (555) 010-0101' },
    sam: { id: userIds.sam, name: 'Sam Patel', email: 'sam@example.com', phone: '+1 (555) 010-0102' },
  };
  for (const job of JOBS) {
    const customer = customers[job.who];
    const issuedAt = new Date(now - job.daysAgo * DAY);
    const day = workshopMoment(issuedAt, config.WORKSHOP_TZ).date;
    const rate = 825;
    const lines = job.lines.map((l) => ({ ...l, amountCents: Math.floor((l.quantityHundredths * l.unitPriceCents + 50) / 100) }));
    const approved = lines.filter((l) => l.decision === 'Approved');
    const subtotalCents = approved.reduce((sum, l) => sum + l.amountCents, 0);
    const taxCents = taxOf(subtotalCents, rate);
    await db.transaction(async (tx) => {
      const [appointment] = await tx
        .insert(maintenanceAppointments)
        .values(
          appointmentRow({
            userId: customer.id,
            maintenanceType: job.type,
            specificService: job.service,
            appointmentDate: day,
            appointmentTime: '09:00 AM',
            vehicle: job.car,
            customer: { name: customer.name, email: customer.email, phone: customer.phone },
            technician: 'Dana Lee',
            technicianId: userIds.technician,
            status: 'Completed',
            stage: 'Completed',
            cost: (subtotalCents + taxCents) / 100,
            createdAt: new Date(issuedAt.getTime() - 9 * DAY),
            updatedAt: issuedAt,
          }),
        )
        .returning();
      const [estimate] = await tx
        .insert(estimates)
        .values({
          appointmentId: appointment!.id,
          status: 'Decided',
          version: 1,
          taxRateBasisPoints: rate,
          sentAt: new Date(issuedAt.getTime() - 5 * 3_600_000),
          sentById: userIds.advisor,
          decidedAt: new Date(issuedAt.getTime() - 4 * 3_600_000),
          decidedName: customer.name,
        })
        .returning();
      await tx.insert(estimateLines).values(lines.map((l, i) => ({ ...l, estimateId: estimate!.id, position: i + 1 })));
      const year = Number(day.slice(0, 4));
      const sequence = await takeSequence(tx, year);
      const invoice = await insertInvoice(
        tx,
        {
          number: invoiceNumber(year, sequence),
          year,
          sequence,
          kind: 'Invoice',
          appointmentId: appointment!.id,
          userId: customer.id,
          customerName: customer.name,
          customerEmail: customer.email,
          vehicleRegistration: job.car.registration,
          technicianId: userIds.technician,
          maintenanceType: job.type,
          taxRateBasisPoints: rate,
          subtotalCents,
          taxCents,
          totalCents: subtotalCents + taxCents,
          issuedAt,
          issuedById: userIds.advisor,
        },
        approved.map(({ kind, description, quantityHundredths, unitPriceCents, amountCents }) => ({ kind, description, quantityHundredths, unitPriceCents, amountCents })),
      );
      const amountCents = job.paid === 'all' ? invoice.totalCents : job.paid;
      await insertPayment(tx, { invoiceId: invoice.id, method: job.paid === 'all' ? 'Card' : 'Cash', amountCents, paidOn: day, recordedById: userIds.advisor });
    });
  }
}
