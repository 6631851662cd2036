/**
 * The accounts domain's public entry: the signed-in user's profile, the administration of users, the
 * first admin set up from the environment, and the people lookups other domains need.
 */
export { profileRoutes } from './profile.routes';
export { createProfileService } from './profile.service';
export { usersRoutes } from './users.routes';
export { createUsersService, type UserAdminDomains } from './users.service';
export { AdminConflictError, bootstrapAdmin, upsertAdmin } from './bootstrap-admin';
export { activeUsersWithRoles, countActiveUsersByWindow, findUserIdByReference, recentUsers, searchUsers } from './users.repository';
export { accountMailTemplates } from './accounts.messages';
