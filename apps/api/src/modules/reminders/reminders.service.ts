import {
  CATALOGUE_SERVICES,
  REMINDER_BOOKING_DAYS,
  REMINDER_MESSAGES,
  type ReminderPreference,
  type ServiceInterval,
  type ServiceIntervalsUpdate,
} from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ValidationError } from '../../infra/errors';
import { recordAudit } from '../audit';
import type { AuthUser } from '../auth';
import { registrationKey } from './reminders.due';
import * as repo from './reminders.repository';
import { readReminderUnsubscribeToken } from './reminders.unsubscribe';

export type RemindersDeps = Pick<AppDeps, 'db' | 'clock' | 'tokens'>;

/** Service intervals (workshop settings), the customer's reminder switch and the e-mail's unsubscribe. */
export function createRemindersService(deps: RemindersDeps) {
  const { db, clock, tokens } = deps;

  async function intervals(executor: Executor = db): Promise<ServiceInterval[]> {
    const set = new Map((await repo.listIntervals(executor)).map((i) => [i.specificService, i]));
    return CATALOGUE_SERVICES.map((s) => ({
      ...s,
      months: set.get(s.specificService)?.months ?? null,
      miles: set.get(s.specificService)?.miles ?? null,
    }));
  }

  return {
    intervals: () => intervals(),

    /** Replaces every service's interval; audited with the intervals before and after. */
    async updateIntervals(actor: AuthUser, input: ServiceIntervalsUpdate): Promise<ServiceInterval[]> {
      return db.transaction(async (tx) => {
        const before = (await intervals(tx)).filter((i) => i.months !== null || i.miles !== null);
        await repo.replaceIntervals(tx, input.intervals, clock.now());
        const after = (await intervals(tx)).filter((i) => i.months !== null || i.miles !== null);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'workshop.service-intervals',
          entityType: 'workshop_settings',
          entityId: '1',
          before: { intervals: before },
          after: { intervals: after },
        });
        return intervals(tx);
      });
    },

    async preference(user: AuthUser): Promise<ReminderPreference> {
      return { remindersEnabled: await repo.remindersEnabled(db, user.id) };
    },

    async setPreference(user: AuthUser, remindersEnabled: boolean): Promise<ReminderPreference> {
      await repo.setRemindersEnabled(db, user.id, remindersEnabled, clock.now());
      return { remindersEnabled };
    },

    /** The e-mail's unsubscribe link: turns the token's account's reminders off; 422 for a token this server did not make. */
    async unsubscribe(token: string): Promise<{ remindersEnabled: false }> {
      const userId = readReminderUnsubscribeToken(tokens, token);
      if (!userId) throw new ValidationError({ token: REMINDER_MESSAGES.unsubscribeInvalid }, REMINDER_MESSAGES.unsubscribeInvalid);
      await repo.setRemindersEnabled(db, userId, false, clock.now());
      return { remindersEnabled: false };
    },

    /**
     * A booking made within REMINDER_BOOKING_DAYS of a reminder of the same service for the same vehicle
     * is recorded on it. Called by the booking path inside the booking's transaction.
     */
    async recordBooking(
      tx: Executor,
      booking: { id: string; userId: string | null; specificService: string; vehicleRegistration: string },
    ): Promise<void> {
      if (!booking.userId) return;
      await repo.markBooked(
        tx,
        { appointmentId: booking.id, userId: booking.userId, specificService: booking.specificService, registrationKey: registrationKey(booking.vehicleRegistration) },
        clock.now(),
        REMINDER_BOOKING_DAYS,
      );
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
