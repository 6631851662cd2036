import { vinLastCharacters, type BodyType, type Condition, type Drivetrain, type FuelType, type Transmission, type Vehicle, type VehicleStatus } from '@dealer/shared';
import { toVehicleImage } from '../../infra/images';
import type { FileStorage } from '../../infra/storage';
import type { ListedImage, VehicleRow, VehicleWithOwnerRow } from './vehicles.repository';

export interface VehicleView {
  /**
   * The seller's account as it is (id, phone, e-mail): for the seller and the dealership. Anyone
   * else sees no account id, and the account's phone and e-mail only where the listing has no
   * contact detail of its own.
   */
  ownerAccount: boolean;
}

/** The listing as its seller describes it, shown by the API and kept by the audit trail alike. */
function describedFields(row: VehicleRow) {
  return {
    title: row.title,
    make: row.make,
    model: row.model,
    year: row.year,
    price: Number(row.price),
    mileage: row.mileage,
    transmission: row.transmission as Transmission | null,
    fuelType: row.fuelType as FuelType | null,
    condition: row.condition as Condition | null,
    exteriorColor: row.exteriorColor,
    interiorColor: row.interiorColor,
    description: row.description,
    bodyType: row.bodyType as BodyType | null,
    drivetrain: row.drivetrain as Drivetrain | null,
    trim: row.trim,
    stockNumber: row.stockNumber,
  };
}

/** A listing row as the API shows it (the Vehicle shape of the contract). */
export function toVehicle(
  storage: FileStorage,
  row: VehicleWithOwnerRow,
  images: readonly ListedImage[],
  view: VehicleView,
): Vehicle {
  return {
    _id: row.id,
    ...describedFields(row),
    images: images.map((image) => toVehicleImage(storage, row.id, image)),
    location: row.location,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    // The whole VIN is the seller's and the dealership's; a visitor (and every cached public answer) gets its end.
    ...(view.ownerAccount ? { vin: row.vin } : {}),
    vinLast6: row.vin === null ? null : vinLastCharacters(row.vin),
    status: row.status as VehicleStatus,
    // The dealership's reason for returning a listing is between it and the seller.
    ...(view.ownerAccount ? { reviewNote: row.reviewNote } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    revision: row.revision,
    owner:
      row.ownerId && row.ownerName !== null
        ? {
            ...(view.ownerAccount ? { _id: row.ownerId } : {}),
            name: row.ownerName,
            avatar: row.ownerAvatarKey ? storage.url(row.ownerAvatarKey) : null,
            phone: view.ownerAccount || !row.contactPhone?.trim() ? row.ownerPhone : null,
            email: view.ownerAccount || !row.contactEmail?.trim() ? row.ownerEmail : null,
            createdAt: (row.ownerCreatedAt ?? row.createdAt).toISOString(),
          }
        : null,
  };
}

/** What the audit trail keeps of a listing before and after an admin change. */
export function auditSnapshot(row: VehicleRow, imageKeys: readonly string[]) {
  return {
    ...describedFields(row),
    location: row.location,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    vin: row.vin,
    status: row.status,
    ownerId: row.ownerId,
    buyerId: row.buyerId,
    soldAt: row.soldAt?.toISOString() ?? null,
    images: [...imageKeys],
  };
}
