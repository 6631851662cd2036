import { LINKABLE_VEHICLE_STATUSES, PUBLIC_VEHICLE_STATUSES, VEHICLE_FIELDS } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { ConflictError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { enqueueEmail } from '../../mail/outbox';
import type * as repo from './vehicles.repository';

export type Viewer = Pick<AuthUser, 'id' | 'role'> | null;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const VEHICLE_NOT_FOUND = 'Vehicle not found';
export const MESSAGES = {
  notFound: VEHICLE_NOT_FOUND,
  notOwner: 'Only the seller or the dealership can change this listing',
  statusAdminOnly: "Only the dealership can change a listing's status",
  buyerAdminOnly: 'Only the dealership can record a buyer',
  buyerUnknown: 'No registered user has this id, e-mail or username',
  buyerNeedsSold: 'A buyer can only be recorded on a sold listing',
  unknownImage: 'One of the kept photos does not belong to this listing',
  soldReadOnly: 'This vehicle has been sold, so its listing can no longer be changed or deleted.',
  purchaseKept:
    "This vehicle's sale to a registered buyer is on record, so the listing cannot be deleted. It stays in the buyer's purchases.",
  saleOnRecord:
    "This vehicle's sale to a registered buyer is on record, so the listing cannot be put back on sale. It stays in the buyer's purchases.",
  revisionStale: 'This listing changed after you opened it. Review the new version before approving it.',
  sellerWithdrawn: 'Taken off sale while your account was not active. Save the listing again to send it for review.',
} as const;

/**
 * Everything buyers are shown of a listing (the photos aside, compared separately): a seller's change
 * to any of it sends a public listing back to review. Contact details and condition count as much as
 * the price: a scam changes exactly those.
 */
export const MATERIAL_FIELDS = VEHICLE_FIELDS;

export const isAdmin = (viewer: Viewer) => viewer?.role === 'ADMIN';
export const isPublicStatus = (status: string) => (PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(status);
export const isLinkable = (status: string) => (LINKABLE_VEHICLE_STATUSES as readonly string[]).includes(status);

/** Words of a search as a prefix query ('toyo cam' -> 'toyo:* & cam:*'); only letters and digits pass. */
export function toPrefixQuery(text: string): string | null {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((w) => `${w}:*`)
    .join(' & ');
}

/** A listing whose seller's account is suspended or inactive is shown only to the seller and the dealership. */
export function canSee(row: repo.VehicleWithOwnerRow, viewer: Viewer): boolean {
  if (isAdmin(viewer) || (viewer !== null && viewer.id === row.ownerId)) return true;
  const sellerActive = row.ownerId === null || row.ownerStatus === 'active';
  return isLinkable(row.status) && sellerActive;
}
export function canEdit(row: repo.VehicleRow, viewer: Viewer): boolean {
  return isAdmin(viewer) || (viewer !== null && viewer.id === row.ownerId);
}
/** The owner and the dealership see the seller's account; anyone else the public view. */
export function seesOwnerAccount(row: repo.VehicleRow, viewer: Viewer): boolean {
  return canEdit(row, viewer);
}
/** A sold listing is the record of a sale: its seller may no longer change it. */
export function assertSellerMayChange(row: repo.VehicleRow, viewer: Viewer) {
  if (row.status === 'sold' && !isAdmin(viewer)) throw new ConflictError(MESSAGES.soldReadOnly);
}

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
  if (kind === 'listing-rejected' || kind === 'listing-sent-back') await enqueueEmail(tx, { kind, to: row.ownerEmail, data: { ...data, reason } });
  else await enqueueEmail(tx, { kind, to: row.ownerEmail, data });
}
