import { adminRoutes } from './admin/admin.routes';
import { adminUsersRoutes } from './admin-users/admin-users.routes';
import { authRoutes } from './auth/auth.routes';
import { forgotPasswordRoutes } from './auth/forgot-password';
import { closuresRoutes } from './workshop-calendar';
import { healthRoutes } from './health/health.routes';
import { emailLogRoutes } from './email-log';
import { maintenanceRoutes } from './maintenance';
import { usersRoutes } from './users/users.routes';
import { vehiclesRoutes } from './vehicles/vehicles.routes';

/** Every module's routes, mounted under /api. */
export const modules = [healthRoutes, authRoutes, usersRoutes, vehiclesRoutes, maintenanceRoutes, closuresRoutes, adminRoutes, adminUsersRoutes, forgotPasswordRoutes, emailLogRoutes];
