import { and, asc, eq } from 'drizzle-orm';
import type { InvoiceLine } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { estimateLines, estimates } from '../../db/schema';

/** The work a customer approved on a job's decided estimate, as the invoice takes it over. */
export interface ApprovedWork {
  estimateId: string;
  taxRateBasisPoints: number;
  lines: Omit<InvoiceLine, 'position'>[];
}

/**
 * A job's decided estimate: its tax rate and its approved lines in their order; null when the job has
 * no estimate or its estimate is not decided. Read inside the completing transaction: a decision is
 * final, so the lines cannot change under it.
 */
export async function approvedWorkOf(executor: Executor, appointmentId: string): Promise<ApprovedWork | null> {
  const [estimate] = await executor
    .select({ id: estimates.id, taxRateBasisPoints: estimates.taxRateBasisPoints })
    .from(estimates)
    .where(and(eq(estimates.appointmentId, appointmentId), eq(estimates.status, 'Decided')))
    .limit(1);
  if (!estimate) return null;
  const lines = await executor
    .select({
      kind: estimateLines.kind,
      description: estimateLines.description,
      quantityHundredths: estimateLines.quantityHundredths,
      unitPriceCents: estimateLines.unitPriceCents,
      amountCents: estimateLines.amountCents,
    })
    .from(estimateLines)
    .where(and(eq(estimateLines.estimateId, estimate.id), eq(estimateLines.decision, 'Approved')))
    .orderBy(asc(estimateLines.position));
  return { estimateId: estimate.id, taxRateBasisPoints: estimate.taxRateBasisPoints, lines };
}
