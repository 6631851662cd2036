import { eq } from 'drizzle-orm';
import { TIME_SLOTS, WORKSHOP_STAGE_STATUS, type FuelLevel, type MaintenanceCategoryId, type WorkshopStage } from '@dealer/shared';
import type { AppDeps } from '../app';
import { maintenanceAppointments, workshopCheckIns } from '../db/schema';
import { holdPlacesOf, syncTechnicianHours } from '../modules/maintenance';
import { addDays, dayOfWeek, isSunday, workshopMoment } from '../modules/workshop-calendar';
import { appointmentRow } from '../test/factories';

/** A walk-in or phone customer of the week, with their car. */
const WALK_INS = [
  { name: 'Priya Raman', phone: '+1 (555) 010-0301', email: 'priya.raman@example.com', car: ['Toyota', 'RAV4', '2021', 'PRR-3310'], odometer: 28_400 },
  { name: 'Tom Becker', phone: '+1 (555) 010-0302', email: 'tom.becker@example.com', car: ['Ford', 'Focus', '2015', 'TBK-7781'], odometer: 112_950 },
  { name: 'Lucia Gomez', phone: '+1 (555) 010-0303', email: '', car: ['Honda', 'CR-V', '2019', 'LGZ-2044'], odometer: 54_120 },
  { name: 'Derek Chu', phone: '+1 (555) 010-0304', email: 'derek.chu@example.com', car: ['Subaru', 'Outback', '2018', 'DCH-5120'], odometer: 77_300 },
  { name: 'Hannah Olsen', phone: '+1 (555) 010-0305', email: 'hannah.olsen@example.com', car: ['Volkswagen', 'Golf', '2020', 'HOL-8832'], odometer: 36_780 },
  { name: 'Marcus Webb', phone: '+1 (555) 010-0306', email: 'marcus.webb@example.com', car: ['Chevrolet', 'Silverado', '2016', 'MWB-4409'], odometer: 143_210 },
  { name: 'Aisha Karim', phone: '+1 (555) 010-0307', email: 'aisha.karim@example.com', car: ['Hyundai', 'Tucson', '2022', 'AKR-1298'], odometer: 18_050 },
  { name: 'Ben Foster', phone: '+1 (555) 010-0308', email: 'ben.foster@example.com', car: ['Mazda', 'Mazda3', '2017', 'BFS-6620'], odometer: 88_640 },
  { name: 'Grace Liu', phone: '+1 (555) 010-0309', email: 'grace.liu@example.com', car: ['Tesla', 'Model 3', '2021', 'GLU-3902'], odometer: 41_200 },
  { name: 'Omar Haddad', phone: '+1 (555) 010-0310', email: 'omar.haddad@example.com', car: ['Jeep', 'Wrangler', '2014', 'OHD-2217'], odometer: 131_480 },
  { name: 'Rosa Delgado', phone: '+1 (555) 010-0311', email: 'rosa.delgado@example.com', car: ['Kia', 'Soul', '2019', 'RDL-6055'], odometer: 59_930 },
  { name: 'Victor Nguyen', phone: '+1 (555) 010-0312', email: 'victor.nguyen@example.com', car: ['Nissan', 'Altima', '2020', 'VNG-4471'], odometer: 47_610 },
] as const;

const JOBS: [MaintenanceCategoryId, string, string | null][] = [
  ['routine', 'Oil Change', null],
  ['mechanical', 'Brake System Repair', 'Squealing when braking at low speed.'],
  ['electrical', 'Battery Service', 'Slow to start on cold mornings.'],
  ['routine', 'Tire Rotation', null],
  ['computerized', 'Computer Diagnostics', 'Check engine light came on yesterday.'],
  ['mechanical', 'Suspension Work', 'Knocking over bumps, front right.'],
  ['routine', 'Fluid Check', null],
  ['routine', 'Brake Inspection', 'Pedal feels soft.'],
];

const TECHNICIANS = ['Mike Ross', 'Dana Lee', 'Carlos Diaz'];
const FUEL: FuelLevel[] = ['1/4', '1/2', '3/4', 'Full', '1/2'];

/** Today's jobs by hour: the morning's are further along than the afternoon's. */
const TODAY: [time: (typeof TIME_SLOTS)[number], stage: WorkshopStage][] = [
  ['08:00 AM', 'Completed'],
  ['09:00 AM', 'Ready for pickup'],
  ['10:00 AM', 'In progress'],
  ['11:00 AM', 'Waiting for approval'],
  ['12:00 PM', 'Waiting for parts'],
  ['01:00 PM', 'Checked in'],
  ['02:00 PM', 'Scheduled'],
  ['03:00 PM', 'Scheduled'],
  ['04:00 PM', 'Scheduled'],
];

/**
 * A believable week on the job board: the days of this week before today mostly completed (one car
 * still waiting for parts, one ready but not collected, one no-show), today spread over every stage,
 * the rest of the week scheduled. Jobs past check-in have their check-in (odometer, fuel, notes).
 * Only service-bay jobs, never more than the bays: an hour already full is skipped; Dana Lee's jobs are assigned to
 * the demo technician's account and hold her hours. Returns how many were added.
 */
export async function seedDemoWorkshopWeek(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, technicianId: string): Promise<number> {
  const moment = workshopMoment(deps.clock.now(), deps.config.WORKSHOP_TZ);
  const today = isSunday(moment.date) ? addDays(moment.date, 1) : moment.date;
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  const plan: { date: string; time: string; stage: WorkshopStage }[] = [];
  for (let day = 0; day < 6; day += 1) {
    const date = addDays(monday, day);
    if (date === today) plan.push(...TODAY.map(([time, stage]) => ({ date, time, stage })));
    else if (date < today) {
      const earlier: WorkshopStage[] = day === 0 ? ['Completed', 'Completed', 'No-show', 'Completed'] : ['Completed', 'Waiting for parts', 'Completed', 'Ready for pickup'];
      earlier.forEach((stage, i) => plan.push({ date, time: TIME_SLOTS[(i * 2 + day) % 8]!, stage }));
    } else ['09:00 AM', '11:00 AM', '02:00 PM'].forEach((time) => plan.push({ date, time, stage: 'Scheduled' }));
  }

  let added = 0;
  for (const [i, job] of plan.entries()) {
    const person = WALK_INS[i % WALK_INS.length]!;
    const [type, service, customerNotes] = JOBS[i % JOBS.length]!;
    const [make, model, year, registration] = person.car;
    // Booked one to seven weeks ahead, as a workshop's diary fills (and never in the future).
    const booked = Date.parse(`${addDays(job.date, -(7 + ((i * 11) % 43)))}T15:00:00Z`);
    const created = new Date(Math.min(booked, deps.clock.now().getTime() - 60_000));
    const values = appointmentRow({
        userId: null,
        maintenanceType: type,
        specificService: service,
        appointmentDate: job.date,
        appointmentTime: job.time,
        vehicle: { make, model, year, registration },
        customer: { name: person.name, email: person.email, phone: person.phone },
        additionalNotes: customerNotes,
        technician: TECHNICIANS[i % TECHNICIANS.length]!,
        // Dana Lee is the demo technician's account: her jobs are in her My Jobs.
        technicianId: TECHNICIANS[i % TECHNICIANS.length] === 'Dana Lee' ? technicianId : null,
        status: WORKSHOP_STAGE_STATUS[job.stage],
        stage: job.stage,
        cost: job.stage === 'Completed' ? 89 : null,
        notes: null,
        createdAt: created,
        updatedAt: created,
      });
    // An open job takes its places as a booking does; an hour already full is skipped (nothing written).
    const row = await deps.db
      .transaction(async (tx) => {
        const [inserted] = await tx.insert(maintenanceAppointments).values(values).returning();
        if (WORKSHOP_STAGE_STATUS[job.stage] === 'Scheduled' && !(await holdPlacesOf(tx, inserted!, deps.config.SLOT_CAPACITY))) {
          throw new SlotFull();
        }
        return inserted!;
      })
      .catch((error: unknown) => {
        if (error instanceof SlotFull) return null;
        throw error;
      });
    if (!row) continue;
    added += 1;
    // Her open jobs hold her hours; an hour she already works elsewhere leaves this job with her name only.
    if (row.technicianId && !(await syncTechnicianHours(deps.db, row))) {
      await deps.db.update(maintenanceAppointments).set({ technicianId: null }).where(eq(maintenanceAppointments.id, row.id));
    }
    if (job.stage !== 'Scheduled' && job.stage !== 'No-show') {
      await deps.db.insert(workshopCheckIns).values({
        appointmentId: row.id,
        registrationKey: registration.replace(/[^A-Z0-9]/g, ''),
        // A car seen twice this week reads a little higher the second time.
        odometer: person.odometer + i * 3,
        fuelLevel: FUEL[i % FUEL.length]!,
        notes: i % 3 === 0 ? 'Light scratches on the rear bumper; customer aware.' : null,
        createdAt: new Date(Date.parse(`${job.date}T13:00:00Z`)),
      });
    }
  }
  return added;
}

class SlotFull extends Error {}
