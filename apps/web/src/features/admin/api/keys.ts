/** Query keys of the admin area; everything sits under ['admin'] so a change can refresh it all. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  search: (q: string) => ['admin', 'search', q] as const,
  audit: (entityType: string, entityId: string) => ['admin', 'audit', entityType, entityId] as const,
  maintenanceList: (params: object) => ['admin', 'maintenance', 'list', params] as const,
  maintenance: (id: string) => ['admin', 'maintenance', 'detail', id] as const,
  users: (params: object) => ['admin', 'users', 'list', params] as const,
  user: (id: string) => ['admin', 'users', 'detail', id] as const,
  userMaintenance: (id: string) => ['admin', 'users', 'maintenance', id] as const,
  userSecurity: (id: string) => ['admin', 'users', 'security', id] as const,
  vehicles: (params: object) => ['admin', 'vehicles', 'list', params] as const,
  vehicle: (id: string) => ['admin', 'vehicles', 'detail', id] as const,
};

/**
 * Caches of the customer-facing screens that an admin change makes stale (their features own
 * them; only the root of each key is shared, so a feature never imports another).
 */
export const publicKeys = {
  vehicles: ['vehicles'] as const,
  maintenance: ['maintenance'] as const,
};
