import { profileRoutes, usersRoutes } from './accounts';
import { adminRoutes } from './admin';
import { authRoutes, passwordResetRoutes } from './auth';
import { closuresRoutes } from './workshop-calendar';
import { healthRoutes } from './health';
import { inspectionsRoutes } from './inspections';
import { invoicesRoutes } from './invoices';
import { emailLogRoutes } from './email-log';
import { leadsRoutes } from './leads';
import { maintenanceRoutes } from './maintenance';
import { vehiclesRoutes } from './vehicles';
import { savedSearchesRoutes } from './saved-searches';
import { savedVehiclesRoutes } from './saved-vehicles';
import { reservationsRoutes } from './reservations';
import { reportsRoutes } from './reports';
import { testDrivesRoutes } from './test-drives';
import { tradeInsRoutes } from './trade-ins';
import { remindersRoutes } from './reminders';
import { workshopRoutes } from './workshop';
import { garageRoutes } from './garage';
import { estimatesRoutes } from './estimates';

/**
 * Every module's routes, mounted under /api. The order is the order of the paths in the OpenAPI
 * document (/api/docs), which is kept byte for byte.
 */
export const modules = [healthRoutes, authRoutes, profileRoutes, vehiclesRoutes, maintenanceRoutes, closuresRoutes, adminRoutes, usersRoutes, passwordResetRoutes, emailLogRoutes, savedVehiclesRoutes, savedSearchesRoutes, leadsRoutes, testDrivesRoutes, reservationsRoutes, workshopRoutes, reportsRoutes, tradeInsRoutes, remindersRoutes, garageRoutes, inspectionsRoutes, invoicesRoutes, estimatesRoutes];
