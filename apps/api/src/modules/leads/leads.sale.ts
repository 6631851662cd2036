import { findUserById } from '../auth';
import type { Executor } from '../../db/client';
import { enqueueEmail } from '../../mail/outbox';
import { vehicleSummaries } from '../vehicles';
import * as repo from './leads.repository';

/** Written on the other open leads of a car sold to someone else. */
export const SOLD_ELSEWHERE_REASON = 'The car was sold to another customer';

/** A car marked sold, as the vehicles domain reports it from inside the sale's transaction. */
export interface CarSold {
  vehicleId: string;
  /** The account the car was sold to, when the sale names one. */
  buyerId: string | null;
  /** The lead the sale was made through (the inbox's "Sold to this customer"), when it was. */
  saleRef: string | null;
  actorId: string;
  now: Date;
}

/**
 * In the sale's transaction: the buyer's open lead on the car (the one the sale was made through, else
 * the one of the buyer's account or e-mail) is Won; every other open lead on it is Lost, and its customer
 * is told by e-mail that the car has been sold.
 */
export async function closeLeadsOnSale(tx: Executor, sale: CarSold): Promise<void> {
  const open = await repo.lockOpenLeadsOf(tx, sale.vehicleId);
  if (open.length === 0) return;
  const buyer = sale.buyerId ? await findUserById(tx, sale.buyerId) : undefined;
  const buyerEmail = buyer?.email.toLowerCase();
  const winner =
    open.find((lead) => lead.id === sale.saleRef) ??
    (sale.buyerId ? open.find((lead) => lead.userId === sale.buyerId) : undefined) ??
    (buyerEmail ? open.find((lead) => lead.emailKey === buyerEmail) : undefined);
  const [car] = await vehicleSummaries(tx, [sale.vehicleId]);
  const title = car?.title ?? 'car';
  for (const lead of open) {
    const won = lead === winner;
    const status = won ? 'Won' : 'Lost';
    await repo.updateLead(tx, lead.id, { status, lostReason: won ? null : SOLD_ELSEWHERE_REASON, updatedAt: sale.now });
    await repo.addEvent(tx, {
      leadId: lead.id,
      kind: won ? 'status' : 'sold-elsewhere',
      status,
      text: won ? 'Sold to this customer' : SOLD_ELSEWHERE_REASON,
      actorId: sale.actorId,
      at: sale.now,
    });
    if (!won) {
      await enqueueEmail(tx, { kind: 'lead-car-sold', to: lead.customerEmail, data: { vehicleId: sale.vehicleId, title, name: lead.customerName } });
    }
  }
}
