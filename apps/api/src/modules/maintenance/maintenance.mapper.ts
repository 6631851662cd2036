import { calendarDayInstant, stageOf, type MaintenanceAppointment } from '@dealer/shared';
import { type maintenanceAppointments } from '../../db/schema';

export type AppointmentRow = typeof maintenanceAppointments.$inferSelect;
export type NewAppointmentRow = typeof maintenanceAppointments.$inferInsert;

/** The appointment as it leaves the server; its day as that day's UTC noon (see calendar-day in shared). */
export function toAppointment(row: AppointmentRow): MaintenanceAppointment {
  return {
    _id: row.id,
    maintenanceType: row.maintenanceType,
    specificService: row.specificService,
    appointmentDate: calendarDayInstant(row.appointmentDate),
    appointmentTime: row.appointmentTime,
    vehicle: { make: row.vehicleMake, model: row.vehicleModel, year: row.vehicleYear, registration: row.vehicleRegistration },
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    additionalNotes: row.additionalNotes,
    cost: row.cost === null || row.cost === undefined ? null : Number(row.cost),
    technician: row.technician,
    notes: row.notes,
    status: row.status,
    stage: stageOf(row.status, row.stage),
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The appointment as staff see it: the customer's view plus the staff-only notes. */
export function toStaffAppointment(row: AppointmentRow): MaintenanceAppointment {
  // Added to the customer's view rather than spread into a copy of it: the copy was 8% of an admin list request's CPU.
  const appointment = toAppointment(row);
  appointment.staffNotes = row.staffNotes;
  appointment.bookedById = row.bookedById;
  appointment.technicianId = row.technicianId;
  return appointment;
}
