/**
 * Query keys of the admin-only screens (dashboard, search, users, audit, e-mail log); everything sits
 * under ['admin'] so an admin change can refresh it all. Maintenance and vehicle keys live with
 * their features.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  search: (q: string) => ['admin', 'search', q] as const,
  audit: (entityType: string, entityId: string) => ['admin', 'audit', entityType, entityId] as const,
  users: (params: object) => ['admin', 'users', 'list', params] as const,
  user: (id: string) => ['admin', 'users', 'detail', id] as const,
  userSecurity: (id: string) => ['admin', 'users', 'security', id] as const,
};
