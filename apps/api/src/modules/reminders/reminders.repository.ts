import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { ReminderKind, ServiceIntervalSetting } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { reminderPreferences, serviceReminders, users, workshopServiceIntervals } from '../../db/schema';

export type ServiceIntervalRow = typeof workshopServiceIntervals.$inferSelect;
export type ServiceReminderRow = typeof serviceReminders.$inferSelect;

export async function listIntervals(db: Executor): Promise<ServiceIntervalRow[]> {
  return db.select().from(workshopServiceIntervals);
}

/** Replaces every interval: services sent with months or miles keep one, the rest have none. */
export async function replaceIntervals(tx: Executor, intervals: readonly ServiceIntervalSetting[], now: Date): Promise<void> {
  await tx.delete(workshopServiceIntervals);
  const kept = intervals.filter((i) => i.months !== null || i.miles !== null);
  if (kept.length > 0) await tx.insert(workshopServiceIntervals).values(kept.map((i) => ({ ...i, updatedAt: now })));
}

/** Reminders are on unless the customer turned them off. */
export async function remindersEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: reminderPreferences.remindersEnabled }).from(reminderPreferences).where(eq(reminderPreferences.userId, userId));
  return row?.on ?? true;
}

/** Answers false when the account no longer exists (a link of a deleted account): nothing to turn off. */
export async function setRemindersEnabled(db: Executor, userId: string, on: boolean, now: Date): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await db
    .insert(reminderPreferences)
    .values({ userId, remindersEnabled: on, updatedAt: now })
    .onConflictDoUpdate({ target: reminderPreferences.userId, set: { remindersEnabled: on, updatedAt: now } });
  return true;
}

export interface NewReminder {
  userId: string;
  kind: ReminderKind;
  sourceAppointmentId?: string;
  estimateLineId?: string;
  specificService: string;
  vehicleRegistration: string;
  reason: string;
  sentAt: Date;
}

/**
 * Writes a reminder unless one exists for the same job and service, or the same declined line (the
 * table's unique keys): answers the row when this call wrote it, so its e-mail is sent once.
 */
export async function claimReminder(tx: Executor, reminder: NewReminder): Promise<ServiceReminderRow | undefined> {
  const [row] = await tx.insert(serviceReminders).values(reminder).onConflictDoNothing().returning();
  return row;
}

/** The 'Service due' reminders already written for these jobs, as `appointmentId service`. */
export async function serviceDueSent(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ source: serviceReminders.sourceAppointmentId, service: serviceReminders.specificService })
    .from(serviceReminders)
    .where(eq(serviceReminders.kind, 'Service due'));
  return new Set(rows.map((r) => `${r.source} ${r.service}`));
}

/**
 * Marks the newest reminder sent in the last `days` for the booking's customer, service and vehicle
 * (by registration key) as booked by it, if none was booked yet. Inside the booking's transaction.
 */
export async function markBooked(
  tx: Executor,
  booking: { appointmentId: string; userId: string; specificService: string; registrationKey: string },
  now: Date,
  days: number,
): Promise<void> {
  const r = serviceReminders;
  const since = new Date(now.getTime() - days * 24 * 3_600_000);
  const [due] = await tx
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.userId, booking.userId),
        eq(r.specificService, booking.specificService),
        eq(sql`regexp_replace(upper(${r.vehicleRegistration}), '[^A-Z0-9]', '', 'g')`, booking.registrationKey),
        isNull(r.bookedAppointmentId),
        gte(r.sentAt, since),
        lte(r.sentAt, now),
      ),
    )
    .orderBy(desc(r.sentAt))
    .limit(1)
    .for('update');
  if (!due) return;
  await tx.update(r).set({ bookedAppointmentId: booking.appointmentId, bookedAt: now }).where(eq(r.id, due.id));
}
