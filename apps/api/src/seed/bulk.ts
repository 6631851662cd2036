import { sql } from 'drizzle-orm';
import {
  BODY_TYPES,
  CONDITIONS,
  DRIVETRAINS,
  FUEL_TYPES,
  MAINTENANCE_CATEGORIES,
  TIME_SLOTS,
  TRANSMISSIONS,
  type BodyType,
  type Drivetrain,
  type VehicleStatus,
} from '@dealer/shared';
import type { AppDeps } from '../app';
import { maintenanceAppointments, users, vehicles } from '../db/schema';
import { rebuildPlaceCounters } from '../modules/maintenance';
import { appointmentRow, vehicleRow } from '../test/factories';

const BATCH = 1000;

const MODELS: Record<string, string[]> = {
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Prius', 'Tacoma', 'Highlander'],
  Honda: ['Civic', 'Accord', 'CR-V', 'Pilot', 'Fit'],
  Ford: ['F-150', 'Mustang', 'Escape', 'Explorer', 'Focus'],
  Chevrolet: ['Silverado', 'Malibu', 'Equinox', 'Bolt', 'Tahoe'],
  Tesla: ['Model 3', 'Model Y', 'Model S'],
  BMW: ['330i', 'X3', 'X5', 'M3'],
  'Mercedes-Benz': ['C300', 'E350', 'GLC 300'],
  Hyundai: ['Elantra', 'Tucson', 'Ioniq 5'],
  Kia: ['Soul', 'Sportage', 'Telluride', 'Niro'],
  Subaru: ['Outback', 'Forester', 'Impreza', 'WRX'],
  Volkswagen: ['Golf', 'Jetta', 'Tiguan'],
  Nissan: ['Altima', 'Leaf', 'Rogue'],
  Mazda: ['Mazda3', 'CX-5', 'MX-5 Miata'],
  Škoda: ['Octavia', 'Superb'],
  Citroën: ['C4', 'Berlingo'],
};
const MAKES = Object.keys(MODELS);
const TRIMS = ['Base', 'SE', 'LE', 'XLE', 'Sport', 'Limited', 'Touring', 'Premium', 'EX', 'LX'];
const COLORS = ['Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Brown'];
const CITIES = [
  'Austin, TX',
  'Denver, CO',
  'Chicago, IL',
  'Seattle, WA',
  'Miami, FL',
  'Boston, MA',
  'Phoenix, AZ',
  'Atlanta, GA',
  'Portland, OR',
  'Nashville, TN',
];
const FEATURES = [
  'heated seats',
  'sunroof',
  'new tires',
  'tow package',
  'navigation',
  'backup camera',
  'leather interior',
  'clean title',
  'one owner',
  'service records',
];
/** Mostly live listings, as on a real marketplace. */
const STATUSES: [VehicleStatus, number][] = [
  ['available', 0.85],
  ['reserved', 0.05],
  ['active', 0.03],
  ['sold', 0.04],
  ['pending', 0.03],
];

/** Small deterministic PRNG so two runs give the same data. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

/**
 * Fills the database for benchmarks with multi-row inserts of 1,000 rows (no photos: cards show
 * 'No image'). Appointments are all in the past (Completed or Cancelled), so no slot is overfilled.
 */
export async function seedBulkVehicles(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { vehicles: number; appointments: number },
): Promise<number> {
  const rnd = random(42);
  const now = deps.clock.now().getTime();
  const day = 24 * 60 * 60 * 1000;
  const currentYear = new Date(now).getUTCFullYear();
  const owners = (await deps.db.select({ id: users.id }).from(users).limit(50)).map((u) => u.id);

  const pickStatus = (): VehicleStatus => {
    let r = rnd.next();
    for (const [status, share] of STATUSES) {
      if (r < share) return status;
      r -= share;
    }
    return 'available';
  };

  let inserted = 0;
  while (inserted < options.vehicles) {
    const size = Math.min(BATCH, options.vehicles - inserted);
    const rows: (typeof vehicles.$inferInsert)[] = [];
    for (let i = 0; i < size; i += 1) {
      const make = rnd.pick(MAKES);
      const model = rnd.pick(MODELS[make]!);
      const year = rnd.int(1995, currentYear);
      const age = currentYear - year;
      const price = Math.max(1500, Math.round((60000 * Math.pow(0.86, age) * (0.6 + rnd.next())) / 100) * 100);
      const createdAt = new Date(now - rnd.int(0, 3 * 365) * day - rnd.int(0, day));
      const status = pickStatus();
      rows.push(
        vehicleRow({
          ownerId: owners.length ? rnd.pick(owners) : null,
          title: `${year} ${make} ${model} ${rnd.pick(TRIMS)}`,
          make,
          model,
          year,
          price,
          mileage: Math.max(0, age * rnd.int(6000, 15000)),
          transmission: rnd.pick(TRANSMISSIONS),
          fuelType: rnd.pick(FUEL_TYPES),
          condition: rnd.pick(CONDITIONS),
          exteriorColor: rnd.pick(COLORS),
          interiorColor: rnd.pick(COLORS),
          description: `Well kept ${make} ${model} with ${rnd.pick(FEATURES)}, ${rnd.pick(FEATURES)} and ${rnd.pick(FEATURES)}.`,
          location: rnd.pick(CITIES),
          contactPhone: `+1 (555) ${String(rnd.int(100, 999))}-${String(rnd.int(1000, 9999))}`,
          // Spread over every kind without drawing from rnd (the other columns stay as they were); one in ten
          // has none, like the listings made before sellers could say.
          ...bulkFacts(inserted + i),
          status,
          soldAt: status === 'sold' ? new Date(createdAt.getTime() + 7 * day) : null,
          createdAt,
          updatedAt: createdAt,
        }),
      );
    }
    await deps.db.insert(vehicles).values(rows);
    inserted += size;
  }

  let appointments = 0;
  while (appointments < options.appointments) {
    const size = Math.min(BATCH, options.appointments - appointments);
    const rows: (typeof maintenanceAppointments.$inferInsert)[] = [];
    for (let i = 0; i < size; i += 1) {
      const category = rnd.pick(MAINTENANCE_CATEGORIES);
      const date = new Date(now - rnd.int(1, 2 * 365) * day);
      const make = rnd.pick(MAKES);
      const completed = rnd.next() < 0.85;
      rows.push(
        appointmentRow({
          userId: owners.length ? rnd.pick(owners) : null,
          maintenanceType: category.id,
          specificService: rnd.pick(category.services),
          appointmentDate: date.toISOString().slice(0, 10),
          appointmentTime: rnd.pick(TIME_SLOTS),
          vehicle: {
            make,
            model: rnd.pick(MODELS[make]!),
            year: String(rnd.int(2000, currentYear)),
            registration: `BLK-${String(appointments + i).padStart(6, '0')}`,
          },
          customer: { name: 'Bulk Customer', email: `bulk${appointments + i}@example.com`, phone: '+1 (555) 010-9999' },
          status: completed ? 'Completed' : 'Cancelled',
          cost: completed ? rnd.int(60, 900) : null,
          technician: completed ? 'Bench Tech' : null,
          createdAt: new Date(date.getTime() - 7 * day),
          updatedAt: date,
        }),
      );
    }
    await deps.db.insert(maintenanceAppointments).values(rows);
    appointments += size;
  }
  if (options.appointments > 0) await rebuildPlaceCounters(deps.db);
  // Fresh statistics, or the planner treats the just-filled tables as empty and picks bad plans; and a
  // visibility map, without which deep pages cannot read their ids from the index alone (index-only scan)
  // until autovacuum gets to the new rows.
  await deps.db.execute(sql`VACUUM ANALYZE vehicles, vehicle_images, maintenance_appointments`);
  return inserted;
}

/** The body type and drivetrain of the n-th bulk listing. */
function bulkFacts(n: number): { bodyType: BodyType | null; drivetrain: Drivetrain | null } {
  if (n % 10 === 9) return { bodyType: null, drivetrain: null };
  return { bodyType: BODY_TYPES[n % BODY_TYPES.length]!, drivetrain: DRIVETRAINS[(n >> 3) % DRIVETRAINS.length]! };
}
