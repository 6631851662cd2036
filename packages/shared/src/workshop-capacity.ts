import { MAINTENANCE_CATEGORIES, TIME_SLOTS, type MaintenanceCategoryId } from './maintenance-catalog';

// How long each specific service takes and which place in the workshop it occupies.

/** The kinds of place a job occupies: a lift in the service area, the body shop's bay, the paint booth. */
export const WORKSHOP_RESOURCES = ['Service bay', 'Body bay', 'Paint booth'] as const;
export type WorkshopResource = (typeof WORKSHOP_RESOURCES)[number];

/** A job takes hours within one day, or whole working days (Sundays and closure days skipped). */
export const DURATION_UNITS = ['hours', 'days'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** The longest job: an hourly job must fit in one opening day; a multi-day one in two working weeks. */
export const MAX_DURATION = { hours: TIME_SLOTS.length, days: 10 } as const satisfies Record<DurationUnit, number>;
/** The most places of one kind the settings accept. */
export const MAX_RESOURCE_COUNT = 50;

export interface ServiceDuration {
  unit: DurationUnit;
  amount: number;
  resource: WorkshopResource;
}

const hours = (amount: number): ServiceDuration => ({ unit: 'hours', amount, resource: 'Service bay' });
const days = (amount: number, resource: WorkshopResource): ServiceDuration => ({ unit: 'days', amount, resource });

/** Defaults within the catalogue's ranges (routine 1-2 hours ... painting 2-7 days). */
export const DEFAULT_SERVICE_DURATIONS: Readonly<Record<string, ServiceDuration>> = {
  'Oil Change': hours(1),
  'Filter Replacement': hours(1),
  'Fluid Check': hours(1),
  'Tire Rotation': hours(1),
  'Brake Inspection': hours(1),
  'Engine Repair': hours(4),
  'Transmission Service': hours(3),
  'Suspension Work': hours(3),
  'Brake System Repair': hours(2),
  'Exhaust System': hours(2),
  'Battery Service': hours(1),
  'Alternator Repair': hours(2),
  'Starter Motor': hours(2),
  'Lighting Systems': hours(1),
  'Power Windows': hours(2),
  'Computer Diagnostics': hours(1),
  'ECU Programming': hours(2),
  'Sensor Replacement': hours(1),
  'System Updates': hours(1),
  'Performance Tuning': hours(3),
  'Dent Removal': days(1, 'Body bay'),
  'Panel Beating': days(2, 'Body bay'),
  'Frame Straightening': days(3, 'Body bay'),
  'Collision Repair': days(3, 'Body bay'),
  'Hail Damage Repair': days(2, 'Body bay'),
  'Full Body Paint': days(5, 'Paint booth'),
  'Spot Painting': days(2, 'Paint booth'),
  'Clear Coat Application': days(2, 'Paint booth'),
  'Color Matching': days(2, 'Paint booth'),
  'Rust Treatment': days(3, 'Paint booth'),
};

/** What one job holds when the service is unknown (an old booking, a renamed service): one hour of a service bay. */
export const ONE_HOUR_SERVICE: ServiceDuration = hours(1);

/** Every specific service of the catalogue with its maintenance type, in catalogue order. */
export const CATALOGUE_SERVICES: readonly { maintenanceType: MaintenanceCategoryId; specificService: string }[] =
  MAINTENANCE_CATEGORIES.flatMap((c) => c.services.map((s) => ({ maintenanceType: c.id, specificService: s })));

/** "Takes about 2 hours", "Takes about 1 working day". */
export function durationText(duration: Pick<ServiceDuration, 'unit' | 'amount'>): string {
  const { unit, amount } = duration;
  if (unit === 'hours') return `Takes about ${amount} ${amount === 1 ? 'hour' : 'hours'}`;
  return `Takes about ${amount} working ${amount === 1 ? 'day' : 'days'}`;
}

/** '8:00 AM' as the drop-off sentence writes the opening hour. */
export const DROP_OFF_TIME = '8:00 AM';
