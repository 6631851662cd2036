import { TIME_SLOTS, type MaintenanceCategoryId, type MaintenanceStatus } from '@dealer/shared';
import type { AppDeps } from '../app';
import { eq } from 'drizzle-orm';
import { maintenanceAppointments } from '../db/schema';
import { insertAppointment, rebuildPlaceCounters, syncTechnicianHours, type NewAppointmentRow } from '../modules/maintenance';
import { DEFAULT_SERVICE_DURATIONS, ONE_HOUR_SERVICE } from '@dealer/shared';
import { addDays, dayOfWeek, isSunday, workshopMoment } from '../modules/workshop-calendar';
import { DEMO_CUSTOMERS, type DemoUsers } from './demo-users';
import { appointmentRow } from '../test/factories';

interface DemoAppointment {
  owner: 'jane' | 'sam';
  /** Days from the workshop's today; Sundays (and the fleet day) move to the next open day. */
  offset: number;
  time: (typeof TIME_SLOTS)[number];
  type: MaintenanceCategoryId;
  service: string;
  status: MaintenanceStatus;
  technician?: string;
  cost?: number;
  notes?: string;
  additionalNotes?: string;
}

/** The technician with a staff account (DEMO_ACCOUNTS); the other names are free text from before staff roles. */
const DEMO_TECHNICIAN = 'Dana Lee';

const CUSTOMERS = {
  jane: { name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 (555) 010-0101' },
  sam: { name: 'Sam Patel', email: 'sam@example.com', phone: '+1 (555) 010-0102' },
  fleet: { name: 'Springfield Cab Co.', email: 'fleet@springfieldcabs.example', phone: '+1 (555) 010-0190' },
} as const;

const VEHICLES = {
  jane: { make: 'Toyota', model: 'Corolla', year: '2019', registration: 'JCP-4821' },
  sam: { make: 'Ford', model: 'F-150', year: '2017', registration: 'SPT-2290' },
} as const;

const PLAN: DemoAppointment[] = [
  // Jane
  {
    owner: 'jane',
    offset: -60,
    time: '09:00 AM',
    type: 'routine',
    service: 'Oil Change',
    status: 'Completed',
    technician: 'Mike Ross',
    cost: 89.99,
    notes: 'Oil and filter changed. Next service due in 5,000 miles.',
  },
  {
    owner: 'jane',
    offset: -21,
    time: '11:00 AM',
    type: 'routine',
    service: 'Brake Inspection',
    status: 'Completed',
    technician: 'Dana Lee',
    cost: 60,
    notes: 'Front pads at 40%. No action needed yet.',
  },
  {
    owner: 'jane',
    offset: -35,
    time: '02:00 PM',
    type: 'routine',
    service: 'Tire Rotation',
    status: 'Cancelled',
    additionalNotes: 'Will bring the winter tires.',
  },
  { owner: 'jane', offset: 5, time: '05:00 PM', type: 'electrical', service: 'Battery Service', status: 'Cancelled' },
  {
    owner: 'jane',
    offset: 3,
    time: '09:00 AM',
    type: 'mechanical',
    service: 'Brake System Repair',
    status: 'Scheduled',
    technician: 'Dana Lee',
    cost: 240,
    additionalNotes: 'Grinding noise when braking.',
  },
  {
    owner: 'jane',
    offset: 9,
    time: '02:00 PM',
    type: 'computerized',
    service: 'Computer Diagnostics',
    status: 'Scheduled',
    technician: 'Mike Ross',
    cost: 110,
  },
  {
    owner: 'jane',
    offset: 6,
    time: '08:00 AM',
    type: 'denting',
    service: 'Dent Removal',
    status: 'Pending',
    additionalNotes: 'Small dent on the rear passenger door.',
  },
  { owner: 'jane', offset: 11, time: '08:00 AM', type: 'painting', service: 'Spot Painting', status: 'Pending' },
  // Jobs of working days in the coming week: the paint booth and the body bay are taken for days on end.
  {
    owner: 'sam',
    offset: 1,
    time: '08:00 AM',
    type: 'painting',
    service: 'Full Body Paint',
    status: 'Scheduled',
    technician: 'Carlos Diaz',
    cost: 2400,
    additionalNotes: 'Respray in the original Oxford White.',
  },
  {
    owner: 'jane',
    offset: 1,
    time: '08:00 AM',
    type: 'denting',
    service: 'Collision Repair',
    status: 'Scheduled',
    technician: 'Dana Lee',
    cost: 1350,
    additionalNotes: 'Front bumper and right wing after a parking-lot knock.',
  },
  // Sam
  {
    owner: 'sam',
    offset: -45,
    time: '10:00 AM',
    type: 'mechanical',
    service: 'Engine Repair',
    status: 'Completed',
    technician: 'Carlos Diaz',
    cost: 640,
    notes: 'Replaced the timing belt and water pump.',
  },
  {
    owner: 'sam',
    offset: -14,
    time: '01:00 PM',
    type: 'electrical',
    service: 'Alternator Repair',
    status: 'Completed',
    technician: 'Dana Lee',
    cost: 320,
    notes: 'Alternator rebuilt; battery tested fine.',
  },
  { owner: 'sam', offset: -28, time: '03:00 PM', type: 'routine', service: 'Fluid Check', status: 'Cancelled' },
  {
    owner: 'sam',
    offset: 6,
    time: '06:00 PM',
    type: 'painting',
    service: 'Rust Treatment',
    status: 'Cancelled',
    additionalNotes: 'Rust spots on the tailgate.',
  },
  {
    owner: 'sam',
    offset: 2,
    time: '01:00 PM',
    type: 'routine',
    service: 'Oil Change',
    status: 'Scheduled',
    technician: 'Mike Ross',
    cost: 95,
  },
  {
    owner: 'sam',
    offset: 8,
    time: '03:00 PM',
    type: 'mechanical',
    service: 'Suspension Work',
    status: 'Scheduled',
    technician: 'Carlos Diaz',
    cost: 480,
  },
  { owner: 'sam', offset: 3, time: '04:00 PM', type: 'computerized', service: 'ECU Programming', status: 'Pending' },
  {
    owner: 'sam',
    offset: 10,
    time: '12:00 PM',
    type: 'electrical',
    service: 'Lighting Systems',
    status: 'Pending',
    additionalNotes: 'Left headlight flickers.',
  },
];

const jobColumnsOf = (service: string) => {
  const job = DEFAULT_SERVICE_DURATIONS[service] ?? ONE_HOUR_SERVICE;
  return { resource: job.resource, durationUnit: job.unit, durationAmount: job.amount };
};

/** The slot that demo bookings fill: 10:00 AM a week from today. */
export const DEMO_FULL_SLOT_TIME = '10:00 AM';

/** Next open day (not a Sunday, not one of the `avoid` dates) on or after `date`. */
function openDayFrom(date: string, avoid: readonly string[] = []): string {
  let day = date;
  while (isSunday(day) || avoid.includes(day)) day = addDays(day, 1);
  return day;
}

/** The first Wednesday of next month: the demo fleet day, every slot booked. */
function firstWednesdayOfNextMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, (3 - dayOfWeek(next) + 7) % 7);
}

/**
 * Demo appointments for jane and sam in every status (two or more each), spread over past and
 * future dates, plus one full slot (10:00 AM a week ahead) and one fully booked fleet day (the
 * first Wednesday of next month, shown red 'Unavailable' in the calendar). Slot counters are
 * rebuilt from the appointments afterwards, so they match the bookings exactly.
 */
export async function seedDemoAppointments(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, userIds: DemoUsers): Promise<number> {
  const now = deps.clock.now();
  const today = workshopMoment(now, deps.config.WORKSHOP_TZ).date;
  const capacity = deps.config.SLOT_CAPACITY;
  const fleetDay = firstWednesdayOfNextMonth(today);
  const fullSlotDay = openDayFrom(addDays(today, 7), [fleetDay]);
  const rows: NewAppointmentRow[] = [];

  const createdAt = (appointmentDate: string, index: number) => {
    // Past visits were requested a week ahead; upcoming ones during the last days.
    const requested =
      appointmentDate < today
        ? Date.parse(`${addDays(appointmentDate, -7)}T15:00:00Z`)
        : now.getTime() - (index + 1) * 3_600_000 * 7;
    return new Date(Math.min(requested, now.getTime() - 60_000));
  };

  PLAN.forEach((plan, index) => {
    const owner = plan.owner;
    const target = addDays(today, plan.offset);
    const date =
      plan.offset < 0 ? (isSunday(target) ? addDays(target, -1) : target) : openDayFrom(target, [fleetDay, fullSlotDay]);
    const created = createdAt(date, index);
    rows.push(
      appointmentRow({
        userId: userIds[owner],
        maintenanceType: plan.type,
        specificService: plan.service,
        appointmentDate: date,
        appointmentTime: plan.time,
        vehicle: VEHICLES[owner],
        customer: CUSTOMERS[owner],
        additionalNotes: plan.additionalNotes ?? null,
        cost: plan.cost ?? null,
        technician: plan.technician ?? null,
        notes: plan.notes ?? null,
        status: plan.status,
        createdAt: created,
        updatedAt:
          plan.status === 'Pending' ? created : new Date(Math.min(now.getTime() - 30_000, created.getTime() + 86_400_000)),
      }),
    );
  });

  // One slot filled by jane and sam alternately.
  for (let i = 0; i < capacity; i += 1) {
    const owner = i % 2 === 0 ? 'jane' : 'sam';
    const created = new Date(now.getTime() - (i + 1) * 1_800_000);
    rows.push(
      appointmentRow({
        userId: userIds[owner],
        maintenanceType: 'routine',
        specificService: i % 2 === 0 ? 'Filter Replacement' : 'Tire Rotation',
        appointmentDate: fullSlotDay,
        appointmentTime: DEMO_FULL_SLOT_TIME,
        vehicle: VEHICLES[owner],
        customer: CUSTOMERS[owner],
        additionalNotes: null,
        status: i % 2 === 0 ? 'Pending' : 'Scheduled',
        technician: i % 2 === 0 ? null : 'Mike Ross',
        cost: i % 2 === 0 ? null : 45,
        notes: null,
        createdAt: created,
        updatedAt: created,
      }),
    );
  }

  // The fleet day: a taxi company booked every bay for the whole day by phone (no web account).
  // The morning was booked five weeks ahead, the afternoon topped up last week.
  const fleetModels = ['Camry Hybrid', 'Prius', 'Crown', 'Corolla Hybrid'];
  TIME_SLOTS.forEach((time, slot) => {
    const fleetCreated = new Date(now.getTime() - (slot < TIME_SLOTS.length / 2 ? 36 : 8) * 86_400_000);
    for (let bay = 0; bay < capacity; bay += 1) {
      const n = slot * capacity + bay + 1;
      rows.push(
        appointmentRow({
          userId: null,
          maintenanceType: 'routine',
          specificService: 'Oil Change',
          appointmentDate: fleetDay,
          appointmentTime: time,
          vehicle: {
            make: 'Toyota',
            model: fleetModels[n % fleetModels.length]!,
            year: String(2018 + (n % 6)),
            registration: `CAB-${String(100 + n)}`,
          },
          customer: CUSTOMERS.fleet,
          additionalNotes: `Fleet service day, cab ${n}.`,
          status: 'Scheduled',
          technician: bay % 2 === 0 ? 'Carlos Diaz' : 'Dana Lee',
          cost: 79,
          notes: 'Fleet rate agreed by phone.',
          createdAt: fleetCreated,
          updatedAt: fleetCreated,
        }),
      );
    }
  });

  rows.push(...pastCustomerVisits(userIds, today, now));

  // Dana Lee is the demo technician's account: her jobs name her, and the open ones hold her hours. Each booking
  // occupies what its service takes (a paint job the booth for days, an engine repair four hours).
  for (const row of rows) {
    if (row.technician === DEMO_TECHNICIAN) row.technicianId = userIds.technician;
    const inserted = await insertAppointment(deps.db, { ...row, ...jobColumnsOf(row.specificService) });
    if (inserted.technicianId && !(await syncTechnicianHours(deps.db, inserted))) {
      await deps.db.update(maintenanceAppointments).set({ technicianId: null }).where(eq(maintenanceAppointments.id, inserted.id));
    }
  }
  await rebuildPlaceCounters(deps.db);
  return rows.length;
}

/** Visits by the other customers, after they signed up: [customer, days ago, service, status, cost]. */
const PAST_VISITS: [number, number, MaintenanceCategoryId, string, 'Completed' | 'Cancelled', number][] = [
  [0, 190, 'routine', 'Oil Change', 'Completed', 79],
  [0, 120, 'mechanical', 'Brake System Repair', 'Completed', 310],
  [1, 150, 'electrical', 'Battery Service', 'Completed', 145],
  [1, 47, 'routine', 'Tire Rotation', 'Completed', 49],
  [2, 100, 'painting', 'Spot Painting', 'Completed', 260],
  [2, 31, 'computerized', 'Computer Diagnostics', 'Cancelled', 0],
  [3, 80, 'denting', 'Dent Removal', 'Completed', 180],
  [3, 26, 'routine', 'Oil Change', 'Completed', 79],
  [4, 40, 'mechanical', 'Suspension Work', 'Completed', 520],
  [5, 33, 'routine', 'Fluid Check', 'Completed', 39],
  [6, 22, 'electrical', 'Lighting Systems', 'Completed', 95],
  [7, 15, 'routine', 'Brake Inspection', 'Completed', 60],
];
const TECHNICIANS = ['Mike Ross', 'Dana Lee', 'Carlos Diaz'];
const CUSTOMER_CARS = [
  ['Honda', 'Accord', '2018'],
  ['Mazda', 'CX-5', '2020'],
  ['Hyundai', 'Elantra', '2019'],
  ['Chevrolet', 'Equinox', '2017'],
  ['Nissan', 'Rogue', '2021'],
  ['Volkswagen', 'Jetta', '2016'],
  ['Subaru', 'Impreza', '2022'],
  ['Kia', 'Sportage', '2020'],
] as const;

function pastCustomerVisits(userIds: DemoUsers, today: string, now: Date): NewAppointmentRow[] {
  return PAST_VISITS.map(([customer, daysAgo, type, service, status, cost], i) => {
    const person = DEMO_CUSTOMERS[customer]!;
    const target = addDays(today, -daysAgo);
    const date = isSunday(target) ? addDays(target, -1) : target;
    // Booked a few days ahead, never before the customer signed up.
    const created = new Date(
      Math.max(Date.parse(`${addDays(date, -5)}T16:00:00Z`), now.getTime() - (person.ageDays - 1) * 86_400_000),
    );
    const [make, model, year] = CUSTOMER_CARS[customer]!;
    const done = status === 'Completed';
    return appointmentRow({
      userId: userIds.customers[customer]!,
      maintenanceType: type,
      specificService: service,
      appointmentDate: date,
      appointmentTime: TIME_SLOTS[(i * 5) % TIME_SLOTS.length]!,
      vehicle: { make, model, year, registration: `${person.username.slice(0, 3).toUpperCase()}-${String(1000 + i * 37)}` },
      customer: person,
      additionalNotes: null,
      cost: done ? cost : null,
      technician: done ? TECHNICIANS[i % TECHNICIANS.length]! : null,
      notes: done ? 'Work completed and road-tested.' : null,
      status,
      createdAt: created,
      updatedAt: new Date(Date.parse(`${date}T20:00:00Z`)),
    });
  });
}
