import { z } from 'zod';
import { VEHICLE_STATUSES, type BodyType, type Condition, type Drivetrain, type FuelType, type Transmission } from '../constants';
import { priceDropSchema } from './saved-searches';

/**
 * A text column the API fills only with `T`'s values. The response schema (and so /api/docs) says
 * string, as the column does; the type says which strings.
 */
const textOf = <T extends string>() => z.string() as unknown as z.ZodType<T, T>;

export const imageSizeSchema = z.object({ width: z.number(), url: z.string() });
export type ImageSize = z.infer<typeof imageSizeSchema>;

export const vehicleImageSchema = z.object({
  key: z.string(),
  url: z.string(),
  /** Resized WebP versions, smallest first, for srcset. */
  sizes: z.array(imageSizeSchema),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type VehicleImage = z.infer<typeof vehicleImageSchema>;

export const vehicleOwnerSchema = z.object({
  _id: z
    .string()
    .optional()
    .describe("The seller's account id: only in responses to the seller themself and to admins, never to anyone else"),
  name: z.string(),
  avatar: z.string().nullable(),
  phone: z
    .string()
    .nullable()
    .describe("The seller account's phone; for anyone but the seller and admins, only when the listing has no contactPhone"),
  email: z
    .string()
    .nullable()
    .describe("The seller account's e-mail; for anyone but the seller and admins, only when the listing has no contactEmail"),
  createdAt: z.string(),
});
export type VehicleOwner = z.infer<typeof vehicleOwnerSchema>;

export const vehicleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  price: z.number(),
  mileage: z.number().nullable(),
  transmission: textOf<Transmission>().nullable(),
  fuelType: textOf<FuelType>().nullable(),
  condition: textOf<Condition>().nullable(),
  exteriorColor: z.string().nullable(),
  interiorColor: z.string().nullable(),
  description: z.string().nullable(),
  images: z.array(vehicleImageSchema),
  location: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  bodyType: textOf<BodyType>().nullable(),
  drivetrain: textOf<Drivetrain>().nullable(),
  trim: z.string().nullable(),
  vin: z
    .string()
    .nullable()
    .optional()
    .describe('The full VIN: only for the seller and the dealership; everyone else gets vinLast6'),
  vinLast6: z.string().nullable().describe("The VIN's last six characters, shown to everyone"),
  stockNumber: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  reviewNote: z
    .string()
    .nullable()
    .optional()
    .describe('Why the dealership rejected the listing or sent it back for changes: only for the seller and admins'),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z
    .number()
    .int()
    .describe('Counts the changes to the listing; an approval names the revision its reviewer saw (PATCH field revision)'),
  priceDrop: priceDropSchema
    .nullable()
    .optional()
    .describe("One vehicle's page only: its latest price change when that was a drop in the last 14 days"),
  listedDays: z.number().int().optional().describe("One vehicle's page only: whole days since the listing was created"),
  owner: vehicleOwnerSchema
    .nullable()
    .describe(
      'The seller: name, avatar and member-since date. Contact the seller through contactPhone and contactEmail, ' +
        "falling back to owner.phone and owner.email, which are filled only where the listing has none.",
    ),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** `GET api/vehicles/purchases`: a listing the dealership recorded as sold to the caller. */
export const vehiclePurchaseSchema = z.object({
  vehicle: vehicleSchema,
  /** When it was marked sold (ISO). */
  purchasedAt: z.string(),
  price: z.number(),
});
export type VehiclePurchase = z.infer<typeof vehiclePurchaseSchema>;

/** DELETE api/vehicles/:id */
export const deletedVehicleSchema = vehicleSchema.pick({ _id: true });
