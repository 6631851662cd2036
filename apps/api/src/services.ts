import type { AppDeps } from './deps';
import { createUploadBudget } from './lib/upload-budget';
import { createAdminService } from './modules/admin/admin.service';
import { createAdminUsersService } from './modules/admin-users/admin-users.service';
import { createAuthService } from './modules/auth/auth.service';
import { createForgotPasswordService } from './modules/auth/forgot-password';
import { createClosuresService } from './modules/closures/closures.service';
import { createMailLogService } from './modules/mail/mail.log';
import { createMaintenanceService } from './modules/maintenance/maintenance.service';
import { createProfileService } from './modules/users/profile.service';
import { createVehiclesService } from './modules/vehicles/vehicles.service';

/**
 * The composition root: every service is built here once, from the app's dependencies, and routes
 * take theirs from `app.services`. One instance per service means one cache per service (the public
 * vehicle counts and make choices are shared by the API list and the server-rendered vehicle pages).
 */
export function buildServices(deps: AppDeps) {
  return {
    admin: createAdminService(deps),
    adminUsers: createAdminUsersService(deps),
    auth: createAuthService(deps),
    forgotPassword: createForgotPasswordService(deps),
    closures: createClosuresService(deps),
    mailLog: createMailLogService(deps),
    maintenance: createMaintenanceService(deps),
    profile: createProfileService(deps),
    vehicles: createVehiclesService(deps),
    uploadBudget: createUploadBudget(deps),
  };
}

export type Services = ReturnType<typeof buildServices>;
