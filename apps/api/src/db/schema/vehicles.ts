import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid, check, uniqueIndex } from 'drizzle-orm/pg-core';
import { PUBLIC_VEHICLE_STATUSES } from '@dealer/shared';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** The statuses a visitor sees, as a constant SQL predicate so partial indexes match the list queries. */
export const PUBLIC_STATUS_SQL = sql.raw(`status IN (${PUBLIC_VEHICLE_STATUSES.map((s) => `'${s}'`).join(', ')})`);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    title: text('title').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    mileage: integer('mileage'),
    transmission: text('transmission'),
    fuelType: text('fuel_type'),
    condition: text('condition'),
    exteriorColor: text('exterior_color'),
    interiorColor: text('interior_color'),
    description: text('description'),
    location: text('location'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** One of BODY_TYPES and DRIVETRAINS of @dealer/shared; null where the seller did not say (listings before them too). */
    bodyType: text('body_type'),
    drivetrain: text('drivetrain'),
    trim: text('trim'),
    /** Checked (check digit included) and in capitals; shown whole only to the seller and the dealership. */
    vin: text('vin'),
    stockNumber: text('stock_number'),
    status: text('status').notNull().default('pending'),
    /** Why staff rejected the listing or sent it back; shown to the seller, cleared when it is approved. */
    reviewNote: text('review_note'),
    /**
     * Counts the listing's changes: an approval names the revision its reviewer saw and is refused
     * once the listing has changed since, so what goes public is what was reviewed.
     */
    revision: integer('revision').notNull().default(1),
    /** Weighted, accent-folded words for search (config dealer_search, migration 0002). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('dealer_search'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('dealer_search'::regconfig, coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(trim, '') || ' ' || coalesce(body_type, '') || ' ' || coalesce(drivetrain, '')), 'B') || setweight(to_tsvector('dealer_search'::regconfig, coalesce(description, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('vehicles_price_nonnegative', sql`${t.price} >= 0`),
    check('vehicles_mileage_nonnegative', sql`${t.mileage} IS NULL OR ${t.mileage} >= 0`),
    // The public sorts. Ascending indexes serve both directions (a backward scan gives DESC); id is the
    // tiebreaker. The columns after it never change the order (created_at, id is unique): they carry every
    // column a list filters on but the search, so a filtered page walks the index alone, never the table
    // (drizzle has no INCLUDE; trailing key columns do the same). The contract bounds make, model and
    // location (60, 60, 120 characters), far under a btree entry's 2.7 kB.
    index('vehicles_public_created_idx')
      .on(t.createdAt, t.id, t.price, t.year, t.mileage, t.fuelType, t.transmission, t.condition, t.make, t.model, t.location, t.bodyType, t.drivetrain)
      .where(PUBLIC_STATUS_SQL),
    index('vehicles_public_price_idx')
      .on(t.price, t.id, t.createdAt, t.year, t.mileage, t.fuelType, t.transmission, t.condition, t.make, t.model, t.location, t.bodyType, t.drivetrain)
      .where(PUBLIC_STATUS_SQL),
    index('vehicles_public_year_idx').on(t.year).where(PUBLIC_STATUS_SQL),
    // A fuel type's listings by price: its page and its total are one short range of this index.
    index('vehicles_public_fuel_idx').on(t.fuelType, t.price, t.id).where(PUBLIC_STATUS_SQL),
    // The same for a body type and a drivetrain.
    index('vehicles_public_body_type_idx').on(t.bodyType, t.price, t.id).where(PUBLIC_STATUS_SQL),
    index('vehicles_public_drivetrain_idx').on(t.drivetrain, t.price, t.id).where(PUBLIC_STATUS_SQL),
    // The make and model counts (the facets and the unfiltered total) in one index-only pass.
    index('vehicles_public_make_model_idx').on(t.make, t.model).where(PUBLIC_STATUS_SQL),
    // A make's listings by price (the make filter, a car's similar listings). The trailing id and make let a
    // scan answer from the index alone: PostgreSQL reads an expression's column (make) only as a key column.
    index('vehicles_public_make_idx')
      .on(sql`lower(${t.make})`, t.price, t.id, t.make)
      .where(PUBLIC_STATUS_SQL),
    index('vehicles_created_idx').on(t.createdAt, t.id),
    index('vehicles_price_idx').on(t.price, t.id),
    index('vehicles_year_idx').on(t.year),
    index('vehicles_status_created_idx').on(t.status, t.createdAt, t.id),
    index('vehicles_status_price_idx').on(t.status, t.price, t.id),
    index('vehicles_search_idx').using('gin', t.searchVector),
    index('vehicles_owner_idx').on(t.ownerId, t.createdAt),
    index('vehicles_buyer_idx').on(t.buyerId),
  ],
);

export const vehicleImages = pgTable(
  'vehicle_images',
  {
    id: id(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The image's public id (existingImages[i][key]); files are vehicles/<vehicleId>/<key>-<width>.webp. */
    key: text('key').notNull(),
    /** Size of the largest stored version. */
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    // With the columns a page shows, a listing's photos are read from the index alone.
    index('vehicle_images_vehicle_position_idx').on(t.vehicleId, t.position, t.key, t.width, t.height),
    uniqueIndex('vehicle_images_key_idx').on(t.key),
  ],
);

/**
 * How many listings there are, kept by triggers on vehicles (migration 0011: the net rows of each INSERT
 * and DELETE statement added to its transaction's shard), so the dashboard's total need not count every listing.
 */
export const vehicleCounts = pgTable('vehicle_counts', {
  shard: smallint('shard').primaryKey(),
  listings: bigint('listings', { mode: 'number' }).notNull().default(0),
});

/**
 * The public listings by make, model, body type and drivetrain ('' where the listing has none), kept by
 * triggers on vehicles (migrations 0012 and 0014). A writing transaction
 * adds its statements' net change to rows of its own (`xact`, its transaction id), so writers never wait on
 * each other here; vehicle_make_model_counts_read() folds committed rows into the `xact = 0` rows (one folder
 * at a time) before summing. Readers sum by make and model and ignore sums of 0.
 */
export const vehicleMakeModelCounts = pgTable(
  'vehicle_make_model_counts',
  {
    xact: bigint('xact', { mode: 'number' }).notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    bodyType: text('body_type').notNull().default(''),
    drivetrain: text('drivetrain').notNull().default(''),
    listings: bigint('listings', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.xact, t.make, t.model, t.bodyType, t.drivetrain] })],
);
