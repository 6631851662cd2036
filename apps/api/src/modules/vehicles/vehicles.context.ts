import type { Vehicle } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors';
import { findUserIdByReference } from '../accounts';
import { toVehicle } from './vehicles.mapper';
import * as repo from './vehicles.repository';
import { isUuid } from '../../infra/uuid';
import { assertSellerMayChange, canEdit, canSee, seesOwnerAccount, type Viewer } from './vehicles.access';
import { MESSAGES } from './vehicles.refusals';

/** A car marked sold, told from inside the sale's transaction to whoever the composition root wired in. */
export interface SaleRecorded {
  vehicleId: string;
  buyerId: string | null;
  /** What the caller passed with the sale (the lead it was made through), opaque to this domain. */
  saleRef: string | null;
  actorId: string;
  now: Date;
}

export type VehiclesDeps = Pick<AppDeps, 'db' | 'storage' | 'clock'> & {
  /** Runs in the transaction that marks a car sold (the leads domain closes the car's leads). */
  onSold?: (tx: Executor, sale: SaleRecorded) => Promise<void>;
};

/** What every vehicle use case shares: its dependencies and the lookups that apply the access rules. */
export function createVehiclesContext(deps: VehiclesDeps) {
  const { db, storage } = deps;

  async function hydrate(rows: repo.VehicleWithOwnerRow[], viewer: Viewer, executor: Executor = db): Promise<Vehicle[]> {
    const images = await repo.imagesFor(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toVehicle(storage, row, images.get(row.id) ?? [], { ownerAccount: seesOwnerAccount(row, viewer) }));
  }

  // A row kept between requests (the public list's, vehicles.listing.ts) as everyone but its seller and the
  // dealership sees it: worked out once per kept row and shared, since a changed listing is a new row object.
  const asAnyoneSees = new WeakMap<repo.ListedVehicleRow, Vehicle>();
  /** Listings read with their photos (a list page): nothing more to fetch. `kept`: rows kept between requests. */
  function present(rows: readonly repo.ListedVehicleRow[], viewer: Viewer, kept = false): Vehicle[] {
    return rows.map((row) => {
      const ownerAccount = seesOwnerAccount(row, viewer);
      if (!kept || ownerAccount) return toVehicle(storage, row, row.images, { ownerAccount });
      let vehicle = asAnyoneSees.get(row);
      if (!vehicle) asAnyoneSees.set(row, (vehicle = toVehicle(storage, row, row.images, { ownerAccount: false })));
      return vehicle;
    });
  }

  /** The listing if the viewer may see it; 404 otherwise (also for malformed ids). */
  async function findVisible(id: string, viewer: Viewer): Promise<repo.VehicleWithOwnerRow> {
    if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
    const row = await repo.findVehicle(db, id);
    if (!row || !canSee(row, viewer)) throw new NotFoundError(MESSAGES.notFound);
    return row;
  }

  /** 404 when the viewer cannot see it, 403 when they can but may not change it. */
  async function findEditable(id: string, viewer: Viewer): Promise<repo.VehicleWithOwnerRow> {
    const row = await findVisible(id, viewer);
    if (!canEdit(row, viewer)) throw new ForbiddenError(MESSAGES.notOwner);
    assertSellerMayChange(row, viewer);
    return row;
  }

  async function resolveBuyer(executor: Executor, reference: string): Promise<string> {
    const id = await findUserIdByReference(executor, reference.trim());
    if (!id) throw new ValidationError({ buyerId: MESSAGES.buyerUnknown }, MESSAGES.buyerUnknown);
    return id;
  }

  /** The listing with its owner and photos if the viewer may see it, in one named statement (a car's page); 404 otherwise. */
  async function findVisibleListed(id: string, viewer: Viewer): Promise<repo.ListedVehicleRow> {
    if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
    const [row] = await repo.listedRows(db, [id]);
    if (!row || !canSee(row, viewer)) throw new NotFoundError(MESSAGES.notFound);
    return row;
  }

  /** One listing as the viewer sees it. */
  async function detail(id: string, viewer: Viewer): Promise<Vehicle> {
    return present([await findVisibleListed(id, viewer)], viewer)[0]!;
  }

  return { ...deps, hydrate, present, findVisible, findEditable, resolveBuyer, detail };
}

export type VehiclesContext = ReturnType<typeof createVehiclesContext>;
