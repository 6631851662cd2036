import { LINKABLE_VEHICLE_STATUSES, PUBLIC_VEHICLE_STATUSES, worksIn } from '@dealer/shared';
import { ConflictError } from '../../infra/errors';
import type { AuthUser } from '../auth';
import { MESSAGES } from './vehicles.refusals';
import type * as repo from './vehicles.repository';

/** Who is asking: a signed-in account's id and role, or null for a visitor. */
export type Viewer = Pick<AuthUser, 'id' | 'role'> | null;

/** The dealership's listing staff: ADMIN and SALES see, review, edit, set the status of and delete every listing. */
export const isListingStaff = (viewer: Viewer) => worksIn(viewer?.role, 'listings');
export const isPublicStatus = (status: string) => (PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(status);
export const isLinkable = (status: string) => (LINKABLE_VEHICLE_STATUSES as readonly string[]).includes(status);

/** A listing whose seller's account is suspended or inactive is shown only to the seller and the dealership. */
export function canSee(row: Pick<repo.VehicleWithOwnerRow, 'status' | 'ownerId' | 'ownerStatus'>, viewer: Viewer): boolean {
  if (isListingStaff(viewer) || (viewer !== null && viewer.id === row.ownerId)) return true;
  const sellerActive = row.ownerId === null || row.ownerStatus === 'active';
  return isLinkable(row.status) && sellerActive;
}
export function canEdit(row: repo.VehicleRow, viewer: Viewer): boolean {
  return isListingStaff(viewer) || (viewer !== null && viewer.id === row.ownerId);
}
/** The owner and the dealership see the seller's account; anyone else the public view. */
export function seesOwnerAccount(row: repo.VehicleRow, viewer: Viewer): boolean {
  return canEdit(row, viewer);
}
/** A sold listing is the record of a sale: its seller may no longer change it. */
export function assertSellerMayChange(row: repo.VehicleRow, viewer: Viewer) {
  if (row.status === 'sold' && !isListingStaff(viewer)) throw new ConflictError(MESSAGES.soldReadOnly);
}
