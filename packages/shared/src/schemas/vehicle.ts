import { z } from 'zod';
import {
  ADMIN_VEHICLE_STATUS_FILTERS,
  BODY_TYPES,
  CONDITIONS,
  DRIVETRAINS,
  FUEL_TYPES,
  LIMITS,
  MAX_PAGE_SIZE,
  PAGE_SIZES,
  TRANSMISSIONS,
  VEHICLE_SORTS,
  VEHICLE_STATUSES,
} from '../constants';
import { INTEGER_COLUMN_MAX, INTEGER_COLUMN_MIN, cleanText, storableString, wholeNumberParam } from './text';
import { vinSchema } from './vin';

export const currentYear = () => new Date().getFullYear();

/** Form inputs arrive as strings (HTML inputs, multipart); empty means absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const optionalString = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v) || undefined : blankToUndefined(v)),
    storableString().max(max, `Must be at most ${max} characters.`).optional(),
  );

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional());

export const vehicleYearSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .union([z.string(), z.number()], { error: 'Year must be a valid year' })
    .refine((v) => String(v).length >= 4, 'Year must be a valid year')
    .transform((v) => Number(v))
    .refine(
      (v) => Number.isInteger(v) && v >= LIMITS.vehicleYearMin && v <= currentYear(),
      'Year must be a valid year',
    ),
);

const priceSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({ error: 'Price is required' })
    .refine(Number.isFinite, 'Price is required')
    .min(0, 'Price must be 0 or more')
    .max(100_000_000, 'Price is too high'),
);

const mileageSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : blankToUndefined(v)),
  z
    .number({ error: 'Mileage must be a number' })
    .int('Mileage must be a whole number')
    .min(0, 'Mileage must be 0 or more')
    .max(10_000_000, 'Mileage is too high')
    .optional(),
);

export const STOCK_NUMBER_MAX = 20;
export const LISTING_FACT_MESSAGES = {
  bodyType: 'Choose a body type from the list',
  drivetrain: 'Choose a drivetrain from the list',
  stockNumber: 'Stock number can contain only letters, digits, dashes, slashes and dots',
  stockNumberLength: `Stock number must be at most ${STOCK_NUMBER_MAX} characters`,
} as const;

/** The dealership's own number for the car on its lot: letters and digits, grouped by dashes, slashes or dots. */
const stockNumberSchema = z.preprocess(
  (v) => (typeof v === 'string' ? cleanText(v) || undefined : blankToUndefined(v)),
  storableString({ error: LISTING_FACT_MESSAGES.stockNumber })
    .max(STOCK_NUMBER_MAX, LISTING_FACT_MESSAGES.stockNumberLength)
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9./-]*[A-Za-z0-9])?$/, LISTING_FACT_MESSAGES.stockNumber)
    .optional(),
);

/** A VIN is optional; one given is checked (length, characters, check digit) and kept in capitals. */
const optionalVinSchema = z.preprocess(
  (v) => (typeof v === 'string' ? cleanText(v) || undefined : blankToUndefined(v)),
  vinSchema.optional(),
);

const requiredText = (message: string, max: number) =>
  storableString({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

/** The listing fields shared by the wizard and the server (create). */
export const vehicleFieldsSchema = z.object({
  make: requiredText('Make is required', 60),
  model: requiredText('Model is required', 60),
  year: vehicleYearSchema,
  price: priceSchema,
  title: requiredText('Title is required', 120),
  mileage: mileageSchema,
  transmission: optionalEnum(TRANSMISSIONS, 'Choose a transmission from the list'),
  fuelType: optionalEnum(FUEL_TYPES, 'Choose a fuel type from the list'),
  condition: optionalEnum(CONDITIONS, 'Choose a condition from the list'),
  exteriorColor: optionalString(40),
  interiorColor: optionalString(40),
  description: z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v) || undefined : blankToUndefined(v)),
    storableString()
      .min(LIMITS.descriptionMin, 'Description must be at least 10 characters')
      .max(5000, 'Must be at most 5000 characters.')
      .optional(),
  ),
  location: optionalString(120),
  contactPhone: optionalString(30),
  contactEmail: z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v) || undefined : blankToUndefined(v)),
    z.email('Invalid email address').max(254, 'Invalid email address').optional(),
  ),
  bodyType: optionalEnum(BODY_TYPES, LISTING_FACT_MESSAGES.bodyType),
  drivetrain: optionalEnum(DRIVETRAINS, LISTING_FACT_MESSAGES.drivetrain),
  trim: optionalString(60),
  vin: optionalVinSchema,
  stockNumber: stockNumberSchema,
});
export type VehicleFieldsInput = z.input<typeof vehicleFieldsSchema>;
export type VehicleFields = z.output<typeof vehicleFieldsSchema>;

/** Fields an admin may set in addition to the owner's fields. */
export const vehicleAdminFieldsSchema = z.object({
  status: optionalEnum(VEHICLE_STATUSES, 'Choose a status from the list'),
  buyerId: optionalString(64),
});

export const vehicleCreateSchema = vehicleFieldsSchema.extend(vehicleAdminFieldsSchema.shape);
/** A blank value (or null) of an optional field in a PATCH: the seller emptied it, so it is cleared. */
const clearable = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && cleanText(v) === '') ? null : v), field.nullable());

/**
 * PATCH: every field optional, but those sent must be valid. An optional field sent blank is
 * cleared (null); a field not sent is left as it is.
 */
export const vehicleUpdateSchema = vehicleCreateSchema.partial().extend({
  /** The listing's revision its reviewer saw: required to approve a listing (make it public from review). */
  revision: z.coerce.number({ error: 'Revision must be a whole number' }).int('Revision must be a whole number').min(1, 'Revision must be a whole number').optional(),
  mileage: clearable(vehicleFieldsSchema.shape.mileage),
  transmission: clearable(vehicleFieldsSchema.shape.transmission),
  fuelType: clearable(vehicleFieldsSchema.shape.fuelType),
  condition: clearable(vehicleFieldsSchema.shape.condition),
  exteriorColor: clearable(vehicleFieldsSchema.shape.exteriorColor),
  interiorColor: clearable(vehicleFieldsSchema.shape.interiorColor),
  description: clearable(vehicleFieldsSchema.shape.description),
  location: clearable(vehicleFieldsSchema.shape.location),
  contactPhone: clearable(vehicleFieldsSchema.shape.contactPhone),
  contactEmail: clearable(vehicleFieldsSchema.shape.contactEmail),
  bodyType: clearable(vehicleFieldsSchema.shape.bodyType),
  drivetrain: clearable(vehicleFieldsSchema.shape.drivetrain),
  trim: clearable(vehicleFieldsSchema.shape.trim),
  vin: clearable(vehicleFieldsSchema.shape.vin),
  stockNumber: clearable(vehicleFieldsSchema.shape.stockNumber),
});
/** The listing fields a seller must give. */
export const REQUIRED_VEHICLE_FIELDS = ['make', 'model', 'year', 'price', 'title'] as const;
/** The fields a PATCH clears when sent blank. */
export const CLEARABLE_VEHICLE_FIELDS = [
  'mileage',
  'transmission',
  'fuelType',
  'condition',
  'exteriorColor',
  'interiorColor',
  'description',
  'location',
  'contactPhone',
  'contactEmail',
  'bodyType',
  'drivetrain',
  'trim',
  'vin',
  'stockNumber',
] as const;
/** Every listing field a seller fills in (`vehicleFieldsSchema`'s keys), in the order of the listing form. */
export const VEHICLE_FIELDS = [...REQUIRED_VEHICLE_FIELDS, ...CLEARABLE_VEHICLE_FIELDS] as const satisfies readonly (keyof VehicleFields)[];
export type VehicleFieldName = (typeof VEHICLE_FIELDS)[number];

/**
 * The order of a listing's photos, cover first. Each entry names a kept photo by its key, or a file of
 * this request by its place among the uploads (`new:0` is the first file sent).
 */
export const PHOTO_ORDER_FIELD = 'photoOrder';
export const newPhotoRef = (index: number) => `new:${index}`;
export const NEW_PHOTO_REF = /^new:(\d{1,3})$/;

export const PHOTO_ORDER_MESSAGES = {
  blank: 'The photo order has an empty entry',
  tooMany: `The photo order can list at most ${LIMITS.photosPerListing} photos`,
  duplicate: 'The photo order lists the same photo more than once',
  unknown: 'The photo order names a photo that is not part of this listing',
  unknownNew: 'The photo order names an upload that was not sent',
  removed: 'The photo order names a photo that this request removes',
  count: (listed: number, photos: number) =>
    `The photo order lists ${listed} ${listed === 1 ? 'photo' : 'photos'}, but the listing has ${photos}: list each photo once`,
} as const;

/** The shape of a photo order; whether it matches the listing's photos is the server's check. */
export const photoOrderSchema = z
  .array(z.string().trim().min(1, PHOTO_ORDER_MESSAGES.blank).max(200, PHOTO_ORDER_MESSAGES.unknown))
  .max(LIMITS.photosPerListing, PHOTO_ORDER_MESSAGES.tooMany)
  .refine((refs) => new Set(refs).size === refs.length, PHOTO_ORDER_MESSAGES.duplicate);

const OUT_OF_RANGE = `Must be between ${INTEGER_COLUMN_MIN} and ${INTEGER_COLUMN_MAX}`;

// The filters are compared with integer columns: a number beyond their range is not a query.
const intParam = (fallback?: number) =>
  wholeNumberParam(fallback, (value) => value.min(INTEGER_COLUMN_MIN, OUT_OF_RANGE).max(INTEGER_COLUMN_MAX, OUT_OF_RANGE));

/** A free-text filter: trimmed, blank means absent. */
const filterText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v) || undefined : blankToUndefined(v)),
    storableString({ error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

export const vehicleListQuerySchema = z.object({
  page: intParam(1).pipe(z.number().min(1, 'Page must be 1 or more').optional()),
  limit: intParam(PAGE_SIZES.vehicles).pipe(
    z.number().min(1, 'Limit must be 1 or more').max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`).optional(),
  ),
  search: storableString().trim().max(200, 'Search must be at most 200 characters').optional(),
  min_price: intParam().pipe(z.number().min(0, 'Price must be 0 or more').optional()),
  max_price: intParam().pipe(z.number().min(0, 'Price must be 0 or more').optional()),
  year: intParam(),
  min_year: intParam(),
  max_year: intParam(),
  fuelType: z.preprocess(blankToUndefined, z.enum(FUEL_TYPES, { error: 'Unknown fuel type' }).optional()),
  transmission: z.preprocess(blankToUndefined, z.enum(TRANSMISSIONS, { error: 'Unknown transmission' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(VEHICLE_STATUSES, { error: 'Unknown status' }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(VEHICLE_SORTS, { error: 'Unknown sort' }).optional()),
  // Make and model match a listing's own spelling, ignoring case; one no listing has simply finds nothing.
  make: filterText('Make', 60),
  model: filterText('Model', 60),
  condition: z.preprocess(blankToUndefined, z.enum(CONDITIONS, { error: 'Unknown condition' }).optional()),
  bodyType: z.preprocess(blankToUndefined, z.enum(BODY_TYPES, { error: 'Unknown body type' }).optional()),
  drivetrain: z.preprocess(blankToUndefined, z.enum(DRIVETRAINS, { error: 'Unknown drivetrain' }).optional()),
  /** Listings without a recorded mileage are left out once a maximum is set. */
  max_mileage: intParam().pipe(z.number().min(0, 'Mileage must be 0 or more').optional()),
  /** Part of the location ('springfield' finds 'Springfield, IL'), ignoring case and accents. */
  location: filterText('Location', 120),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;

/** `GET api/vehicles/facets`: the makes of the public listings, and the models of one make when asked. */
export const vehicleFacetsQuerySchema = z.object({
  make: filterText('Make', 60),
});
export type VehicleFacetsQuery = z.infer<typeof vehicleFacetsQuerySchema>;

const facetSchema = z.object({ value: z.string(), count: z.number().int() });
export const vehicleFacetsSchema = z.object({
  makes: z.array(facetSchema),
  /** Empty unless a make was given. */
  models: z.array(facetSchema),
  /** The public listings of each body type and drivetrain given (listings without one are not counted), in the lists' order. */
  bodyTypes: z.array(facetSchema),
  drivetrains: z.array(facetSchema),
});
export type VehicleFacet = z.infer<typeof facetSchema>;
export type VehicleFacets = z.infer<typeof vehicleFacetsSchema>;

export const ADMIN_VEHICLE_STATUS_OPTIONS = ADMIN_VEHICLE_STATUS_FILTERS;
