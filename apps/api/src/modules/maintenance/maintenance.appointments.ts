import type { MaintenanceAppointment, MaintenanceStatus } from '@dealer/shared';
import { pageMeta } from '../../http/envelope';
import type { AuthUser } from '../auth';
import type { MaintenanceContext } from './maintenance.context';
import { appointmentIcs, icsFileName } from './maintenance.ics';
import { listUserAppointments } from './maintenance.appointments.repository';
import { toAppointment } from './maintenance.mapper';

/** The caller's own appointments, a page at a time. */
export async function appointmentHistory(
  ctx: MaintenanceContext,
  user: AuthUser,
  query: { status?: MaintenanceStatus; page?: number; limit?: number },
) {
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const { rows, total } = await listUserAppointments(ctx.db, user.id, {
    status: query.status,
    limit,
    offset: (page - 1) * limit,
  });
  return { data: rows.map(toAppointment), meta: pageMeta(page, limit, total) };
}

/** One appointment, for its owner or staff (who also see the staff notes). */
export async function getAppointment(ctx: MaintenanceContext, user: AuthUser, id: string): Promise<MaintenanceAppointment> {
  return ctx.viewOf(user)(await ctx.findVisible(user, id));
}

/** The appointment as an iCalendar file, in the workshop's time zone. */
export async function appointmentCalendar(
  ctx: MaintenanceContext,
  user: AuthUser,
  id: string,
  host?: string,
): Promise<{ fileName: string; body: string }> {
  const row = await ctx.findVisible(user, id);
  const appointment = toAppointment(row);
  const { config } = ctx;
  return {
    fileName: icsFileName(appointment),
    body: appointmentIcs(appointment, {
      timeZone: config.WORKSHOP_TZ,
      now: ctx.clock.now(),
      host,
      workshop: { address: config.WORKSHOP_ADDRESS, phone: config.WORKSHOP_PHONE },
      sequence: row.calendarSequence,
    }),
  };
}
