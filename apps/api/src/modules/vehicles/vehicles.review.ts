import { VEHICLE_REVIEW_MESSAGES, vehicleReviewSchema, type Vehicle, type VehicleReviewInput } from '@dealer/shared';
import { recordAudit } from '../audit';
import { ConflictError, ForbiddenError, NotFoundError, parseOrThrow } from '../../infra/errors';
import type { VehiclesContext } from './vehicles.context';
import * as repo from './vehicles.repository';
import { isListingStaff, type Viewer } from './vehicles.access';
import { MESSAGES } from './vehicles.refusals';
import { mailSeller } from './vehicles.seller-mail';

/**
 * Rejects a listing awaiting review, or sends it back for changes: either way it returns to its
 * seller as a draft with the reason, which they read on My Vehicles; saving it again resubmits it.
 */
export async function reviewVehicle(ctx: VehiclesContext, id: string, viewer: NonNullable<Viewer>, input: VehicleReviewInput): Promise<Vehicle> {
  const { db, clock, findVisible, detail } = ctx;
  const { action, reason } = parseOrThrow(vehicleReviewSchema, input);
  if (!isListingStaff(viewer)) throw new ForbiddenError(MESSAGES.statusAdminOnly);
  const row = await findVisible(id, viewer);
  await db.transaction(async (tx) => {
    const current = await repo.lockVehicle(tx, id);
    if (!current) throw new NotFoundError(MESSAGES.notFound);
    if (current.status !== 'pending') throw new ConflictError(VEHICLE_REVIEW_MESSAGES.notPending);
    await repo.updateVehicleRow(tx, id, { status: 'draft', reviewNote: reason, updatedAt: clock.now() });
    await recordAudit(tx, {
      actorId: viewer.id,
      action: action === 'reject' ? 'vehicle.reject' : 'vehicle.send-back',
      entityType: 'vehicle',
      entityId: id,
      before: { status: current.status, reviewNote: current.reviewNote },
      after: { status: 'draft', reviewNote: reason },
    });
    await mailSeller(tx, row, viewer, action === 'reject' ? 'listing-rejected' : 'listing-sent-back', reason);
  });
  return detail(id, viewer);
}
