import { recordAudit } from '../audit';
import { ConflictError, NotFoundError } from '../../infra/errors';
import { removeVehiclePhotos } from '../../infra/images';
import type { VehiclesContext } from './vehicles.context';
import { auditSnapshot } from './vehicles.mapper';
import * as repo from './vehicles.repository';
import { assertSellerMayChange, isListingStaff, type Viewer } from './vehicles.access';
import { MESSAGES } from './vehicles.refusals';

/** Deletes a listing and its photos; a sale to a registered buyer is kept. */
export async function removeVehicle(ctx: VehiclesContext, id: string, viewer: NonNullable<Viewer>): Promise<{ _id: string }> {
  const { db, storage, findEditable } = ctx;
  await findEditable(id, viewer);
  await db.transaction(async (tx) => {
    const current = await repo.lockVehicle(tx, id);
    if (!current) throw new NotFoundError(MESSAGES.notFound);
    assertSellerMayChange(current, viewer);
    // The purchase lives on the listing: deleting it would erase the buyer's record.
    if (current.buyerId) throw new ConflictError(MESSAGES.purchaseKept);
    const images = (await repo.imagesFor(tx, [id])).get(id) ?? [];
    await repo.deleteVehicleRow(tx, id);
    if (isListingStaff(viewer)) {
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'vehicle.delete',
        entityType: 'vehicle',
        entityId: id,
        before: auditSnapshot(
          current,
          images.map((i) => i.key),
        ),
      });
    }
  });
  await removeVehiclePhotos(storage, id);
  return { _id: id };
}
