import { z } from 'zod';
import { MAINTENANCE_STATUSES, USER_STATUSES, VEHICLE_STATUSES } from '@dealer/shared';

/** Response shapes come from the modules that own the records. */
import { appointmentSchema } from '../maintenance/maintenance.routes';
import { vehicleResponseSchema as vehicleSchema } from '../vehicles/vehicles.routes';

export { appointmentSchema, vehicleSchema };

const growthValue = z.string().nullable();

export const adminOverviewSchema = z.object({
  totalVehicles: z.number(),
  maintenanceRequests: z.number(),
  activeUsers: z.number(),
  pendingApprovals: z.number(),
  growth: z.object({
    totalVehicles: growthValue,
    maintenanceRequests: growthValue,
    activeUsers: growthValue,
    pendingApprovals: growthValue,
  }),
  recentAppointments: z.array(appointmentSchema),
  recentVehicles: z.array(vehicleSchema),
  recentUsers: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), avatar: z.string().nullable(), createdAt: z.string() }),
  ),
});

export const adminSearchResultsSchema = z.object({
  vehicles: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      make: z.string(),
      model: z.string(),
      year: z.number(),
      status: z.enum(VEHICLE_STATUSES),
    }),
  ),
  appointments: z.array(
    z.object({
      _id: z.string(),
      specificService: z.string(),
      customerName: z.string(),
      appointmentDate: z.string(),
      status: z.enum(MAINTENANCE_STATUSES),
    }),
  ),
  users: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string(), status: z.enum(USER_STATUSES) })),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
