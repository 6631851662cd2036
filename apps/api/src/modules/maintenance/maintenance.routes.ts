import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maintenanceAdminRoutes } from './maintenance.admin.routes';
import { appointmentRoutes } from './maintenance.appointments.routes';
import { availabilityRoutes } from './maintenance.availability.routes';
import { bookingRoutes } from './maintenance.booking.routes';
import { workshopSettingsRoutes } from './maintenance.workshop.routes';

/** The workshop: free slots, a customer's bookings and appointments, and the staff's side. */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(availabilityRoutes);
  await app.register(bookingRoutes);
  await app.register(appointmentRoutes);
  await app.register(maintenanceAdminRoutes);
  await app.register(workshopSettingsRoutes);
};
