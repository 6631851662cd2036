import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../infra/clock';
import type { JobHandler } from '../../infra/jobs';
import { enqueueEmail } from '../../mail/outbox';
import { addDays, workshopMoment, workshopTimeToInstant } from '../workshop-calendar';
import { claimReminder, listUnremindedBetween } from './test-drives.repository';
import type { VehicleSummary } from '../vehicles';
import { toTestDrive } from './test-drives.mapper';

export interface TestDriveReminderDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'WORKSHOP_TZ' | 'REMINDER_HOURS'>;
  vehicles: { summaries(db: Executor, ids: readonly string[]): Promise<VehicleSummary[]> };
}

/**
 * Queues the reminder of every booked drive starting within REMINDER_HOURS (a day by default) that has
 * had none; each is claimed by a conditional update in the transaction that queues its e-mail, so two
 * servers send one. Answers how many were queued.
 */
export async function queueDueTestDriveReminders(deps: TestDriveReminderDeps): Promise<number> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const until = new Date(now.getTime() + config.REMINDER_HOURS * 3_600_000);
  const today = workshopMoment(now, config.WORKSHOP_TZ).date;
  const candidates = await listUnremindedBetween(db, today, addDays(today, Math.ceil(config.REMINDER_HOURS / 24) + 1));
  let queued = 0;
  for (const candidate of candidates) {
    const start = workshopTimeToInstant(candidate.date, candidate.hour, config.WORKSHOP_TZ);
    if (start <= now || start > until) continue;
    const sent = await db.transaction(async (tx) => {
      const row = await claimReminder(tx, candidate.id, now);
      if (!row) return false;
      const [car] = await deps.vehicles.summaries(tx, [row.vehicleId]);
      const drive = toTestDrive(row, car);
      await enqueueEmail(tx, { kind: 'test-drive-reminder', to: row.customerEmail, data: { drive, sequence: row.calendarSequence } });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** The test-drive-reminders queue's job (scheduled every five minutes at the composition root). */
export function testDriveRemindersJob(deps: TestDriveReminderDeps & { logger?: Logger }): JobHandler {
  return async () => {
    const queued = await queueDueTestDriveReminders(deps);
    if (queued) deps.logger?.info({ queued }, 'test drive reminders queued');
  };
}
