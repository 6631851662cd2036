import { eq, type SQL } from 'drizzle-orm';
import { maintenanceAppointments } from '../../db/schema';
import type { AuthUser } from '../auth';

/**
 * Which jobs are a technician's: those assigned to them by id (`technician_id`, chosen from the
 * technicians' list). A job whose technician is only free text (the older way) is no technician's own:
 * staff running the floor move it. Every rule about "their own jobs" (My Jobs, moving a card, seeing a
 * job) asks these two functions.
 */
export function assignedToSql(user: Pick<AuthUser, 'id'>): SQL {
  return eq(maintenanceAppointments.technicianId, user.id);
}

export function isAssignedTo(row: { technicianId: string | null }, user: Pick<AuthUser, 'id'>): boolean {
  return row.technicianId !== null && row.technicianId === user.id;
}
