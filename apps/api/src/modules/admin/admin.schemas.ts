import { z } from 'zod';
import { CONDITIONS, FUEL_TYPES, MAINTENANCE_STATUSES, TRANSMISSIONS, USER_STATUSES, VEHICLE_STATUSES } from '@dealer/shared';

/** Response shapes for validation of what leaves the server and for the OpenAPI page. */
export const appointmentSchema = z.object({
  _id: z.string(),
  maintenanceType: z.string(),
  specificService: z.string(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.string(), registration: z.string() }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  additionalNotes: z.string().nullable(),
  cost: z.number().nullable(),
  technician: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(MAINTENANCE_STATUSES),
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const vehicleImageSchema = z.object({
  key: z.string(),
  url: z.string(),
  sizes: z.array(z.object({ width: z.number(), url: z.string() })),
  width: z.number().optional(),
  height: z.number().optional(),
});

export const vehicleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  price: z.number(),
  mileage: z.number().nullable(),
  transmission: z.enum(TRANSMISSIONS).nullable(),
  fuelType: z.enum(FUEL_TYPES).nullable(),
  condition: z.enum(CONDITIONS).nullable(),
  exteriorColor: z.string().nullable(),
  interiorColor: z.string().nullable(),
  description: z.string().nullable(),
  images: z.array(vehicleImageSchema),
  location: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: z
    .object({
      _id: z.string(),
      name: z.string(),
      avatar: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});

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
