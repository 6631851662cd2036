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
import {
  createUploadBudget,
  createVehiclesService,
  VEHICLE_MESSAGES,
  vehicleMailTemplates,
  vehicleSummaries,
  withdrawOwnerListings,
} from './modules/vehicles';
import { createClosuresService } from './modules/workshop-calendar';
import { createReservationsService, reservationMailTemplates } from './modules/reservations';
import { createTestDrivesService, salesTeamAddresses, testDriveMailTemplates } from './modules/test-drives';

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

/** What the sales desk (test drives, holds) shows of the cars. */
const salesDeskVehicles = { summaries: vehicleSummaries };

/** The holds domain's dependencies: the cars, and the sales team's addresses for its notices. */
export const reservationsDeps = (deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) => ({
  ...deps,
  vehicles: salesDeskVehicles,
  salesTeam: (db: Parameters<typeof salesTeamAddresses>[0]) => salesTeamAddresses(db, deps.config.WORKSHOP_EMAIL),
});

/**
 * The composition root: every service is built here once, from the app's dependencies, and routes
 * take theirs from `app.services`. One instance per service means one cache per service (the public
 * vehicle counts and make choices are shared by the API list and the server-rendered vehicle pages).
 */
export function buildServices(deps: AppDeps) {
  registerDomainMailTemplates();
  return {
    admin: createAdminService(deps),
    auth: createAuthService(deps),
    forgotPassword: createForgotPasswordService(deps),
    passwordReset: createPasswordResetService(deps),
    closures: createClosuresService({ ...deps, bookings: { countHoldingOnDate } }),
    emailLog: createEmailLogService(deps),
    maintenance: createMaintenanceService(deps),
    profile: createProfileService(deps),
    users: createUsersService({ ...deps, ...userAdminDomains }),
    vehicles: createVehiclesService(deps),
    uploadBudget: createUploadBudget(deps),
    testDrives: createTestDrivesService({ ...deps, vehicles: salesDeskVehicles }),
    reservations: createReservationsService(reservationsDeps(deps)),
  };
}

export type Services = ReturnType<typeof buildServices>;

/** Every domain's e-mails, known to mail before anything is queued, delivered or shown in the log. */
export function registerDomainMailTemplates(): void {
  registerMailTemplates(maintenanceMailTemplates);
  registerMailTemplates(vehicleMailTemplates);
  registerMailTemplates(accountMailTemplates);
  registerMailTemplates(authMailTemplates);
  registerMailTemplates(testDriveMailTemplates);
  registerMailTemplates(reservationMailTemplates);
}
