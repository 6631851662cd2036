import { z } from 'zod';
import { appointmentSchema } from './maintenance';
import { publicUserSchema } from './users';
import { vehicleSchema } from './vehicles';

const growthValue = z.string().nullable();

/** GET api/admin/overview */
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
  recentUsers: z.array(publicUserSchema.pick({ _id: true, name: true, email: true, avatar: true, createdAt: true })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminSearchAppointmentSchema = z.object({
  _id: z.string(),
  specificService: z.string(),
  customerName: z.string(),
  appointmentDate: appointmentSchema.shape.appointmentDate,
  status: appointmentSchema.shape.status,
});
export type AdminSearchAppointment = z.infer<typeof adminSearchAppointmentSchema>;

/** GET api/admin/search?q= : up to 5 of each kind, newest first. */
export const adminSearchResultsSchema = z.object({
  vehicles: z.array(vehicleSchema.pick({ _id: true, title: true, make: true, model: true, year: true, status: true })),
  appointments: z.array(adminSearchAppointmentSchema),
  users: z.array(publicUserSchema.pick({ _id: true, name: true, email: true, status: true })),
});
export type AdminSearchResults = z.infer<typeof adminSearchResultsSchema>;

/** Fields of an entry's values that hold an account id: the entry's `names` gives each one's name. */
export const AUDIT_PERSON_FIELDS = ['userId', 'ownerId', 'buyerId'] as const;

/** One change of a record: who, when, before and after. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The name of each account the values name (AUDIT_PERSON_FIELDS), by id. */
  names: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** An entry of the site-wide audit log: what the record is called now (null: it no longer exists). */
export const auditLogEntrySchema = auditEntrySchema.extend({ entityLabel: z.string().nullable() });
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
