import { adminRoutes } from './admin/admin.routes';
import { adminUsersRoutes } from './admin-users/admin-users.routes';
import { authRoutes } from './auth/auth.routes';
import { forgotPasswordRoutes } from './auth/forgot-password';
import { closuresRoutes } from './closures/closures.routes';
import { healthRoutes } from './health/health.routes';
import { mailRoutes } from './mail/mail.routes';
import { maintenanceRoutes } from './maintenance/maintenance.routes';
import { usersRoutes } from './users/users.routes';
import { vehiclesRoutes } from './vehicles/vehicles.routes';

/** Every module's routes, mounted under /api. */
export const modules = [healthRoutes, authRoutes, usersRoutes, vehiclesRoutes, maintenanceRoutes, closuresRoutes, adminRoutes, adminUsersRoutes, forgotPasswordRoutes, mailRoutes];
