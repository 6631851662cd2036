import type { Vehicle, VehicleImage, VehicleStatus } from '@dealer/shared';
import type { FuelType, Condition, Transmission } from '@dealer/shared';
import type { users, vehicleImages, vehicles } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';

type VehicleRow = Omit<typeof vehicles.$inferSelect, 'searchVector'>;
type ImageRow = typeof vehicleImages.$inferSelect;
type OwnerRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'avatarKey' | 'phone' | 'email' | 'createdAt'>;

export function toVehicleImage(row: ImageRow, storage: FileStorage): VehicleImage {
  return {
    key: row.key,
    url: storage.url(row.key),
    sizes: [],
    ...(row.width ? { width: row.width } : {}),
    ...(row.height ? { height: row.height } : {}),
  };
}

export function toVehicle(row: VehicleRow, owner: OwnerRow | null, images: ImageRow[], storage: FileStorage): Vehicle {
  return {
    _id: row.id,
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
    images: images.map((image) => toVehicleImage(image, storage)),
    location: row.location,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    status: row.status as VehicleStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: owner
      ? {
          _id: owner.id,
          name: owner.name,
          avatar: owner.avatarKey ? storage.url(owner.avatarKey) : null,
          phone: owner.phone,
          email: owner.email,
          createdAt: owner.createdAt.toISOString(),
        }
      : null,
  };
}
