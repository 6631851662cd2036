import type { AppDeps } from './deps';
import { registerMailTemplates } from './mail/registry';
import { accountMailTemplates, createProfileService, createUsersService, type UserAdminDomains } from './modules/accounts';
import { createAdminService } from './modules/admin/admin.service';
import { authMailTemplates, createAuthService, createForgotPasswordService, createPasswordResetService } from './modules/auth';
import { createEmailLogService } from './modules/email-log';
import {
  appointmentCountOf,
  countHoldingOnDate,
  createMaintenanceService,
  listAppointmentsOfUser,
  maintenanceMailTemplates,
  toAppointment,
} from './modules/maintenance';
import { createUploadBudget, createVehiclesService, VEHICLE_MESSAGES, vehicleMailTemplates, withdrawOwnerListings } from './modules/vehicles';
import { createClosuresService } from './modules/workshop-calendar';
import { createWorkshopService, workshopMailTemplates } from './modules/workshop';

/** What user administration needs of maintenance and vehicles, which themselves look people up in accounts. */
const userAdminDomains: UserAdminDomains = {
  appointments: {
    countOf: appointmentCountOf,
    listOf: async (db, userId) => (await listAppointmentsOfUser(db, userId)).map(toAppointment),
  },
  listings: {
    withdrawSeller: (tx, sellerId, now) => withdrawOwnerListings(tx, sellerId, VEHICLE_MESSAGES.sellerWithdrawn, now),
    withdrawnNote: VEHICLE_MESSAGES.sellerWithdrawn,
  },
};

/**
 * The composition root: every service is built here once, from the app's dependencies, and routes
 * take theirs from `app.services`. One instance per service means one cache per service (the public
 * vehicle counts and make choices are shared by the API list and the server-rendered vehicle pages).
 */
export function buildServices(deps: AppDeps) {
  registerDomainMailTemplates();
  const maintenance = createMaintenanceService(deps);
  return {
    admin: createAdminService(deps),
    auth: createAuthService(deps),
    forgotPassword: createForgotPasswordService(deps),
    passwordReset: createPasswordResetService(deps),
    closures: createClosuresService({ ...deps, bookings: { countHoldingOnDate } }),
    emailLog: createEmailLogService(deps),
    maintenance,
    profile: createProfileService(deps),
    users: createUsersService({ ...deps, ...userAdminDomains }),
    vehicles: createVehiclesService(deps),
    uploadBudget: createUploadBudget(deps),
    workshop: createWorkshopService({ ...deps, appointments: maintenance }),
  };
}

export type Services = ReturnType<typeof buildServices>;

/** Every domain's e-mails, known to mail before anything is queued, delivered or shown in the log. */
export function registerDomainMailTemplates(): void {
  registerMailTemplates(maintenanceMailTemplates);
  registerMailTemplates(vehicleMailTemplates);
  registerMailTemplates(accountMailTemplates);
  registerMailTemplates(authMailTemplates);
  registerMailTemplates(workshopMailTemplates);
}
