import type { Executor } from '../../db/client';
import { enqueueEmail } from '../../mail/outbox';
import type { Viewer } from './vehicles.access';
import type * as repo from './vehicles.repository';

/**
 * Tells a seller what the dealership did with their listing, queued in the change's transaction. The
 * dealership's own stock (listed by the acting admin) and a listing whose seller is gone send nothing.
 */
export async function mailSeller(
  tx: Executor,
  row: repo.VehicleWithOwnerRow,
  actor: NonNullable<Viewer>,
  kind: 'listing-approved' | 'listing-sold' | 'listing-rejected' | 'listing-sent-back',
  reason = '',
) {
  if (!row.ownerEmail || row.ownerId === actor.id) return;
  const data = { vehicleId: row.id, title: `${row.year} ${row.make} ${row.model}`, sellerName: row.ownerName ?? '' };
  if (kind === 'listing-rejected' || kind === 'listing-sent-back')
    await enqueueEmail(tx, { kind, to: row.ownerEmail, data: { ...data, reason } });
  else await enqueueEmail(tx, { kind, to: row.ownerEmail, data });
}
