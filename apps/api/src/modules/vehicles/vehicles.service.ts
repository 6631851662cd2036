import type { AuditEntry } from '@dealer/shared';
import { listAudit } from '../audit';
import { createVehiclesContext, type VehiclesDeps } from './vehicles.context';
import { createVehicle } from './vehicles.create';
import { createVehicleListing, type ListingCacheOptions } from './vehicles.listing';
import { listPublicForSitemap } from './vehicles.repository';
import { removeVehicle } from './vehicles.remove';
import { reviewVehicle } from './vehicles.review';
import type { Viewer } from './vehicles.access';
import { updateVehicle } from './vehicles.update';
import type { VehicleFormInput } from './vehicle-form';
import type { VehicleReviewInput } from '@dealer/shared';

/**
 * The vehicles service: one object over the use cases (listing.ts reads; create, update, review and
 * remove write). Every write clears this node's cached public totals, make choices and list rows.
 */
export function createVehiclesService(deps: VehiclesDeps & ListingCacheOptions) {
  const ctx = createVehiclesContext(deps);
  const { clearCaches, ...listing } = createVehicleListing(ctx, deps);
  const invalidating =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        clearCaches();
      }
    };
  return {
    ...listing,
    /** Public listings for the sitemap (id and last change), newest first. */
    listForSitemap: (limit: number) => listPublicForSitemap(deps.db, limit),
    create: invalidating((viewer: NonNullable<Viewer>, form: VehicleFormInput) => createVehicle(ctx, viewer, form)),
    update: invalidating((id: string, viewer: NonNullable<Viewer>, form: VehicleFormInput, sale?: { saleRef?: string }) =>
      updateVehicle(ctx, id, viewer, form, sale),
    ),
    review: invalidating((id: string, viewer: NonNullable<Viewer>, input: VehicleReviewInput) => reviewVehicle(ctx, id, viewer, input)),
    remove: invalidating((id: string, viewer: NonNullable<Viewer>) => removeVehicle(ctx, id, viewer)),
    /** A listing's change history (who, when, before and after); its route admits listing staff only, who see every listing. */
    async auditTrail(id: string, viewer: NonNullable<Viewer>): Promise<AuditEntry[]> {
      await ctx.findVisible(id, viewer);
      return listAudit(deps.db, 'vehicle', id);
    },
  };
}

export type VehiclesService = ReturnType<typeof createVehiclesService>;
