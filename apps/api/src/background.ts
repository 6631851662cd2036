import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './infra/clock';
import { QUEUES, startJobs, type JobHandler, type JobRunner } from './infra/jobs';
import { loggableError } from './infra/loggable-error';
import type { FileStorage } from './infra/storage';
import { ORPHAN_MIN_AGE_MS, sweepOrphanUploads } from './infra/upload-sweep';
import { resetRequestJob } from './modules/auth';
import { emailDeliveryJob } from './mail/delivery';
import { createMailTransport, type MailTransport } from './mail/transport';
import { appointmentRemindersJob } from './modules/maintenance';
import { savedSearchDigestsJob } from './modules/saved-searches';
import { createReservationsService, reservationExpiryJob } from './modules/reservations';
import { testDriveRemindersJob } from './modules/test-drives';
import { vehicleSummaries } from './modules/vehicles';
import { serviceRemindersJob } from './modules/reminders';
import { createTradeInsService, tradeInLapsesJob } from './modules/trade-ins';
import { digestDomains, registerDomainMailTemplates, reminderDomains, reservationsDeps, tradeInsDeps } from './services';
import { createTokenSigner } from './infra/tokens';

export interface BackgroundDeps {
  db: Database;
  clock: Clock;
  config: Config;
  storage: FileStorage;
  logger?: Logger;
  /** Where e-mail goes; from the configuration when absent. */
  transport?: MailTransport;
  /** The server's signing secret: saved-search e-mails carry unsubscribe links signed with it. */
  jwtSecret?: string;
  /** How often the e-mail worker looks for new messages, in seconds (tests go faster). */
  emailPollingSeconds?: number;
  /** Tells every node that public pages changed (a hold released by the expiry job). */
  publishChange?: () => Promise<void>;
}

export interface Background extends JobRunner {
  transport: MailTransport;
}

/**
 * The server's background work, all on pg-boss: e-mail delivery, 'Forgot password?' requests, the
 * appointment reminders (every five minutes) and the upload sweep (hourly). Every server may run it:
 * pg-boss hands each job to one of them.
 */
export async function startBackground(deps: BackgroundDeps): Promise<Background> {
  const { db, clock, config, storage, logger } = deps;
  registerDomainMailTemplates();
  const transport = deps.transport ?? createMailTransport(config);
  const deliver = emailDeliveryJob({ db, clock, config, transport });
  // Never the address, the subject or the body in the logs: the id, the kind of failure and the attempt.
  const email: JobHandler = async (data, job) => {
    try {
      await deliver(data, job);
    } catch (error) {
      const e = error as { code?: string; responseCode?: number };
      logger?.warn(
        { messageId: data.messageId, attempt: job.retryCount + 1, code: e?.code, responseCode: e?.responseCode },
        job.retryCount >= job.retryLimit ? 'e-mail delivery failed for good' : 'e-mail delivery failed; it will be retried',
      );
      throw error;
    }
  };
  const reminders = appointmentRemindersJob({ db, clock, config, logger });
  // The unsubscribe links are signed with the server's secret, which the API checks them with.
  const digests = savedSearchDigestsJob({ db, clock, tokens: createTokenSigner(deps.jwtSecret ?? config.JWT_SECRET ?? ''), ...digestDomains, logger });
  const serviceReminders = serviceRemindersJob({ db, clock, config, tokens: createTokenSigner(deps.jwtSecret ?? config.JWT_SECRET ?? ''), ...reminderDomains, logger });
  const testDriveReminders = testDriveRemindersJob({ db, clock, config, logger, vehicles: { summaries: vehicleSummaries } });
  const reservationExpiry = reservationExpiryJob({
    reservations: createReservationsService(reservationsDeps({ db, clock, config })),
    publish: async () => deps.publishChange?.(),
    logger,
  });
  const tradeInLapses = tradeInLapsesJob({ tradeIns: createTradeInsService(tradeInsDeps({ db, clock, config, storage })), logger });
  const sweep: JobHandler = async () => {
    const result = await sweepOrphanUploads(db, storage, { minAgeMs: ORPHAN_MIN_AGE_MS });
    if (result.removed.length) logger?.info({ removed: result.removed.length }, 'removed upload files no row refers to');
  };
  const sendResetLink = resetRequestJob({ db, clock });
  // The link's e-mail is queued by this job: its worker looks at once instead of at its next poll
  // (once the workers are started; a job may run before startJobs has answered).
  let wakeEmail = () => {};
  const resetRequests: JobHandler = async (data) => {
    await sendResetLink(data);
    wakeEmail();
  };
  const started = await startJobs(db, {
    workers: [
      { queue: QUEUES.resetRequests.name, handler: resetRequests, pollingIntervalSeconds: 1 },
      { queue: QUEUES.email.name, handler: email, pollingIntervalSeconds: deps.emailPollingSeconds ?? 2 },
      { queue: QUEUES.reminders.name, handler: reminders, pollingIntervalSeconds: 30 },
      { queue: QUEUES.uploadSweep.name, handler: sweep, pollingIntervalSeconds: 60 },
      { queue: QUEUES.savedSearchDigests.name, handler: digests, pollingIntervalSeconds: 30 },
      { queue: QUEUES.testDriveReminders.name, handler: testDriveReminders, pollingIntervalSeconds: 30 },
      { queue: QUEUES.reservationExpiry.name, handler: reservationExpiry, pollingIntervalSeconds: 15 },
      { queue: QUEUES.serviceReminders.name, handler: serviceReminders, pollingIntervalSeconds: 60 },
      { queue: QUEUES.tradeInLapses.name, handler: tradeInLapses, pollingIntervalSeconds: 60 },
    ],
    schedules: [
      { queue: QUEUES.reminders.name, cron: '*/5 * * * *' },
      { queue: QUEUES.uploadSweep.name, cron: '17 * * * *' },
      // 'Instantly' means within a minute or so; daily and weekly digests are due by their own last time.
      { queue: QUEUES.savedSearchDigests.name, cron: '* * * * *' },
      { queue: QUEUES.testDriveReminders.name, cron: '*/5 * * * *' },
      { queue: QUEUES.reservationExpiry.name, cron: '* * * * *' },
      { queue: QUEUES.tradeInLapses.name, cron: '*/5 * * * *' },
      // Once a day, in the morning in the workshop's part of the world (UTC).
      { queue: QUEUES.serviceReminders.name, cron: '0 14 * * *' },
    ],
    onError: (error) => logger?.warn({ error: loggableError(error) }, 'background jobs: error'),
  });
  wakeEmail = () => started.wake(QUEUES.email.name);
  return {
    transport,
    wake: started.wake,
    async stop(timeoutMs) {
      await started.stop(timeoutMs);
      transport.close();
    },
  };
}
