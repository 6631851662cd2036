import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uuid, check } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

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
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('vehicles_price_nonnegative', sql`${t.price} >= 0`),
    check('vehicles_mileage_nonnegative', sql`${t.mileage} IS NULL OR ${t.mileage} >= 0`),
    index('vehicles_status_created_idx').on(t.status, t.createdAt),
    index('vehicles_status_price_idx').on(t.status, t.price),
    index('vehicles_owner_idx').on(t.ownerId, t.createdAt),
    index('vehicles_buyer_idx').on(t.buyerId),
  ],
);

export const vehicleImages = pgTable(
  'vehicle_images',
  {
    id: id(),
    vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('vehicle_images_vehicle_position_idx').on(t.vehicleId, t.position)],
);
