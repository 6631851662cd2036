import { ROLES, type Role, type StaffRole } from './constants';

/**
 * Which staff roles work in which part of /admin, besides ADMIN (who may do everything). The server
 * admits these roles on the matching routes (`config.access`), and the web shell shows them the same
 * sections; see docs/decisions/019-staff-roles.md for the route table.
 */
export const STAFF_AREAS = {
  /** Vehicle listings: the admin list, review, edit, status; the lead inbox, test drives, reservations, trade-ins. */
  listings: [ROLES.SALES],
  /** Maintenance requests: list, detail, status, staff notes, technician, walk-in bookings, closure days; later the workshop. */
  workshop: [ROLES.SERVICE_ADVISOR],
  /** The technicians' own jobs (My Jobs). */
  ownJobs: [ROLES.TECHNICIAN],
  /** The job board: advisors run it, technicians read it and move their own cards. */
  floor: [ROLES.SERVICE_ADVISOR, ROLES.TECHNICIAN],
  /** The owner's sales reports: leads, first answers, sales and stock by age. */
  reports: [ROLES.SALES],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

/** Whether `role` works in `area`: ADMIN everywhere, a staff role in its own areas, a customer nowhere. */
export function worksIn(role: Role | null | undefined, area: StaffArea): boolean {
  if (!role) return false;
  return role === ROLES.ADMIN || (STAFF_AREAS[area] as readonly Role[]).includes(role);
}

/** The roles an admin chooses from in /admin/users, with their labels. */
export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  USER: 'User (customer)',
  SERVICE_ADVISOR: 'Service advisor',
  TECHNICIAN: 'Technician',
  SALES: 'Sales',
};
