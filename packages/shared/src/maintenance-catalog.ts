export const MAINTENANCE_CATEGORIES = [
  {
    id: 'routine',
    title: 'Routine Maintenance',
    description: 'Regular servicing that keeps your car reliable, efficient and safe on the road.',
    services: ['Oil Change', 'Filter Replacement', 'Fluid Check', 'Tire Rotation', 'Brake Inspection'],
    estimatedTime: '1-2 hours',
    price: 'From $80',
  },
  {
    id: 'mechanical',
    title: 'Mechanical Repairs',
    description: 'Expert repair of engines, transmissions, suspension, brakes and exhaust systems.',
    services: ['Engine Repair', 'Transmission Service', 'Suspension Work', 'Brake System Repair', 'Exhaust System'],
    estimatedTime: '2-5 hours',
    price: 'From $150',
  },
  {
    id: 'electrical',
    title: 'Electrical Services',
    description: 'Diagnosis and repair of batteries, charging, starting, lighting and window systems.',
    services: ['Battery Service', 'Alternator Repair', 'Starter Motor', 'Lighting Systems', 'Power Windows'],
    estimatedTime: '1-3 hours',
    price: 'From $120',
  },
  {
    id: 'computerized',
    title: 'Computerized Diagnostics',
    description: 'Modern diagnostic tools to read, program and tune the electronics of your vehicle.',
    services: ['Computer Diagnostics', 'ECU Programming', 'Sensor Replacement', 'System Updates', 'Performance Tuning'],
    estimatedTime: '1-4 hours',
    price: 'From $100',
  },
  {
    id: 'denting',
    title: 'Denting & Bodywork',
    description: 'Restore your bodywork after dents, collisions and hail with precise panel work.',
    services: ['Dent Removal', 'Panel Beating', 'Frame Straightening', 'Collision Repair', 'Hail Damage Repair'],
    estimatedTime: '1-5 days',
    price: 'From $200',
  },
  {
    id: 'painting',
    title: 'Painting',
    description: 'Factory-quality paint, color matching and protection against rust and wear.',
    services: ['Full Body Paint', 'Spot Painting', 'Clear Coat Application', 'Color Matching', 'Rust Treatment'],
    estimatedTime: '2-7 days',
    price: 'From $300',
  },
] as const;

export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];
export type MaintenanceCategoryId = MaintenanceCategory['id'];
export const MAINTENANCE_CATEGORY_IDS = MAINTENANCE_CATEGORIES.map((c) => c.id) as [
  MaintenanceCategoryId,
  ...MaintenanceCategoryId[],
];

export function findMaintenanceCategory(id: string | null | undefined): MaintenanceCategory | undefined {
  return MAINTENANCE_CATEGORIES.find((c) => c.id === id);
}

/** Hourly slots 08:00 AM to 07:00 PM, as shown to and sent by the client. */
export const TIME_SLOTS = [
  '08:00 AM', '09:00 AM', '10:00 AM', '11:00 AM',
  '12:00 PM', '01:00 PM', '02:00 PM', '03:00 PM',
  '04:00 PM', '05:00 PM', '06:00 PM', '07:00 PM',
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export const SLOT_PERIODS = {
  morning: TIME_SLOTS.slice(0, 4),
  afternoon: TIME_SLOTS.slice(4, 8),
  evening: TIME_SLOTS.slice(8, 12),
} as const;
export type SlotPeriod = keyof typeof SLOT_PERIODS;

/** The slots' hours, looked up before the pattern: a month's calendar asks for hundreds of them. */
const SLOT_HOURS: ReadonlyMap<string, number> = new Map(TIME_SLOTS.map((slot, i) => [slot, 8 + i]));

/** '01:00 PM' -> 13 */
export function slotHour(slot: string): number {
  const known = SLOT_HOURS.get(slot);
  if (known !== undefined) return known;
  const match = /^(\d{2}):00 (AM|PM)$/.exec(slot);
  if (!match) return Number.NaN;
  const hour = Number(match[1]) % 12;
  return match[2] === 'PM' ? hour + 12 : hour;
}
