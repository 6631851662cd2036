// The admin domain's public entry (the dashboard, the audit log's views): only the composition root uses it.
export { adminRoutes } from './admin.routes';
export { createAdminService, type AdminService } from './admin.service';
