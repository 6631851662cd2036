import type { Logger } from 'pino';
import { formatCalendarDay, RECOMMENDED_WORK_REMINDER_DAYS } from '@dealer/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../infra/clock';
import type { JobHandler } from '../../infra/jobs';
import type { TokenSigner } from '../../infra/tokens';
import { enqueueEmail } from '../../mail/outbox';
import type { DeclinedLineDue } from '../estimates';
import { workshopMoment } from '../workshop-calendar';
import { serviceDue, type ServiceJobFacts } from './reminders.due';
import type { ServiceReminderMail } from './reminders.messages';
import * as repo from './reminders.repository';
import { reminderUnsubscribeToken } from './reminders.unsubscribe';

const DAY_MS = 86_400_000;

/** A customer's last completed job of a service on a vehicle (the workshop domain's read). */
export interface LastJob extends ServiceJobFacts {
  appointmentId: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  vehicleRegistration: string;
  openBooking: boolean;
  garageVehicleId: string | null;
}

export interface ReminderJobDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'WORKSHOP_TZ'>;
  tokens: Pick<TokenSigner, 'mac'>;
  /** The workshop domain: last completed jobs of these services, with the vehicles' odometer readings. */
  history: { lastJobs(db: Executor, services: readonly string[]): Promise<LastJob[]> };
  /** The estimates domain: declined lines decided at or before a moment, not done, not yet reminded. */
  declined: { due(db: Executor, decidedBy: Date): Promise<DeclinedLineDue[]> };
}

/** The checklist finding a declined line answered, as the service that does that work. */
const FINDING_SERVICE: Readonly<Record<string, string>> = {
  Tyres: 'Tire Rotation',
  Brakes: 'Brake System Repair',
  Fluids: 'Fluid Check',
  Leaks: 'Fluid Check',
  Lights: 'Lighting Systems',
  Battery: 'Battery Service',
  Suspension: 'Suspension Work',
};

/**
 * The booking wizard's address, filled in: the service, and the customer's garage vehicle (or, when
 * they keep none with this registration, the registration itself).
 */
export function bookingPath(specificService: string, vehicle: { garageVehicleId: string | null; registration: string }): string {
  const params = new URLSearchParams({ service: specificService });
  if (vehicle.garageVehicleId) params.set('vehicle', vehicle.garageVehicleId);
  else params.set('registration', vehicle.registration);
  return `/account/maintenance/create?${params.toString()}`;
}

/**
 * Writes the reminder and queues its e-mail in one transaction, unless the customer turned reminders
 * off or the reminder exists already (its unique key): answers whether it was queued.
 */
async function send(deps: ReminderJobDeps, reminder: repo.NewReminder, mail: Omit<ServiceReminderMail, 'unsubscribeToken' | 'kind' | 'reason' | 'specificService'>, to: string) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.remindersEnabled(tx, reminder.userId))) return false;
    const claimed = await repo.claimReminder(tx, reminder);
    if (!claimed) return false;
    const data: ServiceReminderMail = {
      ...mail,
      kind: reminder.kind,
      reason: reminder.reason,
      specificService: reminder.specificService,
      unsubscribeToken: reminderUnsubscribeToken(deps.tokens, reminder.userId),
    };
    await enqueueEmail(tx, { kind: 'service-reminder', to, data });
    return true;
  });
}

/**
 * Sends every reminder due now: 'Service due' once per last completed job and service whose interval
 * has run out by date or projected mileage (and no later booking of it is open), and 'Recommended work'
 * once per declined line RECOMMENDED_WORK_REMINDER_DAYS after the decision. Answers how many were queued.
 */
export async function sendDueReminders(deps: ReminderJobDeps): Promise<number> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const today = workshopMoment(now, config.WORKSHOP_TZ).date;
  let queued = 0;

  const intervals = new Map((await repo.listIntervals(db)).map((i) => [i.specificService, i]));
  const sent = await repo.serviceDueSent(db);
  for (const job of await deps.history.lastJobs(db, [...intervals.keys()])) {
    if (job.openBooking || sent.has(`${job.appointmentId} ${job.specificService}`)) continue;
    const due = serviceDue(job, intervals.get(job.specificService)!, today);
    if (!due) continue;
    const ok = await send(
      deps,
      {
        userId: job.userId,
        kind: 'Service due',
        sourceAppointmentId: job.appointmentId,
        specificService: job.specificService,
        vehicleRegistration: job.vehicleRegistration,
        reason: due.reason,
        sentAt: now,
      },
      { name: job.customerName, registration: job.vehicleRegistration, bookingPath: bookingPath(job.specificService, { garageVehicleId: job.garageVehicleId, registration: job.vehicleRegistration }) },
      job.customerEmail,
    );
    if (ok) queued += 1;
  }

  const decidedBy = new Date(now.getTime() - RECOMMENDED_WORK_REMINDER_DAYS * DAY_MS);
  for (const line of await deps.declined.due(db, decidedBy)) {
    const service = (line.findingLabel && FINDING_SERVICE[line.findingLabel]) || line.jobService;
    const ok = await send(
      deps,
      {
        userId: line.userId,
        kind: 'Recommended work',
        estimateLineId: line.estimateLineId,
        specificService: service,
        vehicleRegistration: line.vehicleRegistration,
        reason: `When your ${line.jobService} was done on ${formatCalendarDay(workshopMoment(line.decidedAt, config.WORKSHOP_TZ).date)}`,
        sentAt: now,
      },
      {
        name: line.customerName,
        registration: line.vehicleRegistration,
        work: line.description,
        bookingPath: bookingPath(service, { garageVehicleId: line.garageVehicleId, registration: line.vehicleRegistration }),
      },
      line.customerEmail,
    );
    if (ok) queued += 1;
  }
  return queued;
}

/** The service-reminders queue's job (the composition root schedules it once a day). */
export function serviceRemindersJob(deps: ReminderJobDeps & { logger?: Logger }): JobHandler {
  return async () => {
    const queued = await sendDueReminders(deps);
    if (queued) deps.logger?.info({ queued }, 'service reminders queued');
  };
}
