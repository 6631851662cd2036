import { isStaffRole, worksIn, type Role, type StaffArea } from '@dealer/shared';
import { paths } from '@/config/paths';

/** A part of /admin: a staff area (STAFF_AREAS in shared), 'admin' (ADMIN only) or 'any' staff member. */
export type AdminArea = StaffArea | 'admin' | 'any';

/** Whether `role` may open a part of /admin: the same rule the server applies to the routes behind it. */
export function mayOpen(role: Role | null | undefined, area: AdminArea): boolean {
  if (!role || !isStaffRole(role)) return false;
  if (area === 'any') return true;
  if (area === 'admin') return role === 'ADMIN';
  return worksIn(role, area);
}

/** The part of /admin a path belongs to (docs/decisions/019-staff-roles.md); paths compare case-insensitively. */
export function adminAreaOf(pathname: string): AdminArea {
  const path = pathname.toLowerCase().replace(/\/+$/u, '');
  const under = (root: string) => path === root || path.startsWith(`${root}/`);
  if (under(paths.admin.profile)) return 'any';
  if (under(paths.admin.testDriveSettings)) return 'admin';
  if (under(paths.admin.vehicles) || under(paths.admin.leads) || under(paths.admin.testDrives) || under(paths.admin.reservations) || under(paths.admin.tradeIns)) return 'listings';
  // The workshop's figures (revenue, utilisation) are the owner's; sales has the sales figures.
  if (under(paths.admin.workshopReport)) return 'admin';
  if (under(paths.admin.reports)) return 'reports';
  if (under(paths.admin.maintenance) || under(paths.admin.closureDays) || under(paths.admin.invoices)) return 'workshop';
  // Checking a car in is the advisors'; the board itself is the whole floor's.
  if (under(paths.admin.workshopSettings)) return 'admin';
  // A job's inspection is the floor's: a technician inspects their own jobs.
  if (/^\/admin\/workshop\/jobs\/[^/]+\/inspection$/u.test(path)) return 'floor';
  if (under(`${paths.admin.workshop}/jobs`)) return 'workshop';
  if (under(paths.admin.workshop)) return 'floor';
  if (under(paths.admin.myJobs)) return 'ownJobs';
  return 'admin';
}

/** Where a staff member lands in /admin: the first part they work in. */
export function staffLanding(role: Role): string {
  if (role === 'ADMIN') return paths.admin.root;
  if (mayOpen(role, 'workshop')) return paths.admin.maintenance;
  if (mayOpen(role, 'listings')) return paths.admin.vehicles;
  if (mayOpen(role, 'ownJobs')) return paths.admin.myJobs;
  return paths.admin.profile;
}
