// The maintenance domain's public entry: appointments, as other domains and the composition root see them.
export { createMaintenanceService, type MaintenanceService } from './maintenance.service';
export { maintenanceRoutes } from './maintenance.routes';
export { bookedHoursByPeriod, jobEndingsByPeriod } from './maintenance.figures';
export { toAppointment, type AppointmentRow, type NewAppointmentRow } from './maintenance.mapper';
export { countHoldingInSlot, countHoldingOnDate, insertAppointment } from './maintenance.appointments.repository';
export { holdPlacesOf, rebuildPlaceCounters } from './maintenance.rebuild';
export {
  appointmentCountOf,
  countAppointmentsByWindow,
  listAppointmentsOfUser,
  recentAppointments,
  searchAppointments,
} from './maintenance.admin.repository';
export { appointmentRemindersJob, queueDueReminders } from './maintenance.reminders';
export { maintenanceMailTemplates } from './maintenance.messages';
export { assertTechnicianFree, syncTechnicianHours, technicianHours, type HeldHour } from './maintenance.technicians';
export { bookingRecipient } from './maintenance.mail';
export { WORKSHOP_NAME, workshopLocation } from './maintenance.ics';
export { jobsOfVehicles, vehiclesBookedBy, type BookedVehicle, type VehicleJob } from './maintenance.vehicle-jobs';
