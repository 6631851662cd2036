import type { Logger } from 'pino';
import { slotHour } from '@dealer/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../infra/clock';
import type { JobHandler } from '../../infra/jobs';
import { addDays, workshopMoment, workshopTimeToInstant } from '../workshop-calendar';
import { mailBookingReminder } from './maintenance.mail';
import { claimReminder, listUnremindedBetween } from './maintenance.reminders.repository';

export interface ReminderDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'WORKSHOP_TZ' | 'REMINDER_HOURS'>;
}

/**
 * Queues the reminder of every open appointment that starts within REMINDER_HOURS and has had none.
 * Each appointment is claimed with a conditional update in the transaction that queues its e-mail,
 * so two servers looking at once send one reminder. Answers how many were queued.
 */
export async function queueDueReminders(deps: ReminderDeps): Promise<number> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const until = new Date(now.getTime() + config.REMINDER_HOURS * 3_600_000);
  const today = workshopMoment(now, config.WORKSHOP_TZ).date;
  const lastDay = addDays(today, Math.ceil(config.REMINDER_HOURS / 24) + 1);
  const candidates = await listUnremindedBetween(db, today, lastDay);
  let queued = 0;
  for (const candidate of candidates) {
    const start = workshopTimeToInstant(candidate.appointmentDate, slotHour(candidate.appointmentTime), config.WORKSHOP_TZ);
    if (start <= now || start > until) continue;
    const sent = await db.transaction(async (tx) => {
      const claimed = await claimReminder(tx, candidate.id, now);
      if (!claimed) return false;
      await mailBookingReminder(tx, claimed);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** The appointment-reminders queue's job (the composition root schedules it every five minutes). */
export function appointmentRemindersJob(deps: ReminderDeps & { logger?: Logger }): JobHandler {
  return async () => {
    const queued = await queueDueReminders(deps);
    if (queued) deps.logger?.info({ queued }, 'appointment reminders queued');
  };
}
