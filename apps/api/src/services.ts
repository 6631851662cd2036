import type { AppDeps } from './deps';
import { createUploadBudget } from './lib/upload-budget';
import { registerMailTemplates } from './mail/registry';
import { accountMailTemplates } from './modules/accounts/accounts.messages';
import { createAdminService } from './modules/admin/admin.service';
import { createAdminUsersService } from './modules/admin-users/admin-users.service';
import { authMailTemplates } from './modules/auth/auth.messages';
import { createAuthService } from './modules/auth/auth.service';
import { createForgotPasswordService } from './modules/auth/forgot-password';
import { createEmailLogService } from './modules/email-log';
import { countHoldingOnDate, createMaintenanceService, maintenanceMailTemplates } from './modules/maintenance';
import { createProfileService } from './modules/users/profile.service';
import { vehicleMailTemplates } from './modules/vehicles/vehicles.messages';
import { createVehiclesService } from './modules/vehicles/vehicles.service';
import { createClosuresService } from './modules/workshop-calendar';

/**
 * The composition root: every service is built here once, from the app's dependencies, and routes
 * take theirs from `app.services`. One instance per service means one cache per service (the public
 * vehicle counts and make choices are shared by the API list and the server-rendered vehicle pages).
 */
export function buildServices(deps: AppDeps) {
  registerDomainMailTemplates();
  return {
    admin: createAdminService(deps),
    adminUsers: createAdminUsersService(deps),
    auth: createAuthService(deps),
    forgotPassword: createForgotPasswordService(deps),
    closures: createClosuresService({ ...deps, bookings: { countHoldingOnDate } }),
    emailLog: createEmailLogService(deps),
    maintenance: createMaintenanceService(deps),
    profile: createProfileService(deps),
    vehicles: createVehiclesService(deps),
    uploadBudget: createUploadBudget(deps),
  };
}

export type Services = ReturnType<typeof buildServices>;

/** Every domain's e-mails, known to mail before anything is queued, delivered or shown in the log. */
export function registerDomainMailTemplates(): void {
  registerMailTemplates(maintenanceMailTemplates);
  registerMailTemplates(vehicleMailTemplates);
  registerMailTemplates(accountMailTemplates);
  registerMailTemplates(authMailTemplates);
}
