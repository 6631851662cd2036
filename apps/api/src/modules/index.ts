import { profileRoutes, usersRoutes } from './accounts';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes, passwordResetRoutes } from './auth';
import { closuresRoutes } from './workshop-calendar';
import { healthRoutes } from './health/health.routes';
import { emailLogRoutes } from './email-log';
import { maintenanceRoutes } from './maintenance';
import { vehiclesRoutes } from './vehicles/vehicles.routes';
import { workshopRoutes } from './workshop';

/**
 * Every module's routes, mounted under /api. The order is the order of the paths in the OpenAPI
 * document (/api/docs), which is kept byte for byte.
 */
export const modules = [healthRoutes, authRoutes, profileRoutes, vehiclesRoutes, maintenanceRoutes, closuresRoutes, adminRoutes, usersRoutes, passwordResetRoutes, emailLogRoutes, workshopRoutes];
