import type { AuditEntry, MaintenanceListMeta, MaintenanceOverview } from '@dealer/shared';
import { listAudit } from '../audit';
import { pageMeta } from '../../http/envelope';
import { NotFoundError } from '../../infra/errors';
import type { MaintenanceContext } from './maintenance.context';
import { type AdminListFilters, countByStatus, listAllAppointments } from './maintenance.admin.repository';
import { findAppointment } from './maintenance.appointments.repository';
import { toStaffAppointment } from './maintenance.mapper';
import { MESSAGES } from './maintenance.rules';
import { isUuid } from '../../infra/uuid';

/** Every appointment for staff, a page at a time, with the count of each status across the filters. */
export async function adminAppointmentList(
  ctx: MaintenanceContext,
  query: AdminListFilters & { page?: number; limit?: number },
) {
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const { rows, total, statusCounts } = await listAllAppointments(
    ctx.db,
    { status: query.status, dateFrom: query.dateFrom, dateTo: query.dateTo, search: query.search },
    { limit, offset: (page - 1) * limit },
  );
  const all = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const meta: MaintenanceListMeta = { ...pageMeta(page, limit, total), statusCounts: { ...statusCounts, all } };
  return { data: rows.map(toStaffAppointment), meta };
}

/** How many appointments there are, in all and by status. */
export async function appointmentOverview(ctx: MaintenanceContext): Promise<MaintenanceOverview> {
  const byStatus = await countByStatus(ctx.db);
  return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
}

/** The appointment's change history; 404 when there is no such appointment. */
export async function appointmentAuditTrail(ctx: MaintenanceContext, id: string): Promise<AuditEntry[]> {
  if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
  const row = await findAppointment(ctx.db, id);
  if (!row) throw new NotFoundError(MESSAGES.notFound);
  return listAudit(ctx.db, 'maintenance', id);
}
