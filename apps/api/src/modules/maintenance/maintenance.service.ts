import type { BookingRequest, MaintenanceStatus, RescheduleRequest, StaffBookingRequest, WorkshopSettingsUpdate, WorkshopStage } from '@dealer/shared';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../auth';
import { adminAppointmentList, appointmentAuditTrail, appointmentOverview } from './maintenance.admin-listing';
import { adminUpdateAppointment, type AdminUpdateInput } from './maintenance.admin-update';
import { appointmentCalendar, appointmentHistory, getAppointment } from './maintenance.appointments';
import { dayAvailability, monthAvailability, workshopSettings } from './maintenance.availability';
import { bookAppointment, bookingAllowance } from './maintenance.booking';
import { cancelAppointment } from './maintenance.cancel';
import { createMaintenanceContext, type MaintenanceDeps } from './maintenance.context';
import type { AdminListFilters } from './maintenance.admin.repository';
import { rescheduleAppointment } from './maintenance.reschedule';
import type { AppointmentRow } from './maintenance.mapper';
import { lockAppointment, setCostWithin, setStageWithin } from './maintenance.stage';
import { bookForCustomer } from './maintenance.walk-in';
import { listTechnicians } from './maintenance.technicians';

export type { AdminUpdateInput } from './maintenance.admin-update';

/**
 * The maintenance service: one object over the use cases. The calendar reads (availability.ts),
 * a customer's booking (booking.ts) and their appointments (appointments.ts, cancel.ts,
 * reschedule.ts); staff book walk-ins (walk-in.ts), list (admin-listing.ts) and update
 * (admin-update.ts). All share one context: the workshop's clock, calendar rules and access lookup.
 */
export function createMaintenanceService(deps: MaintenanceDeps) {
  const ctx = createMaintenanceContext(deps);
  return {
    settings: () => workshopSettings(ctx),
    allowance: (user: AuthUser) => bookingAllowance(ctx, user),
    dayAvailability: (date: string, service?: string) => dayAvailability(ctx, date, service),
    monthAvailability: (month: string, service?: string) => monthAvailability(ctx, month, service),
    serviceDurations: () => ctx.workshop.serviceDurations(),
    /** The closure days from one date to another, kept between requests as the calendar keeps them. */
    closedDays: (from: string, to: string) => ctx.closedDays(from, to),
    workshopSettings: () => ctx.workshop.settings(),
    updateWorkshopSettings: (actor: AuthUser, input: WorkshopSettingsUpdate) => ctx.workshop.update(actor, input),
    book: (user: AuthUser, input: BookingRequest) => bookAppointment(ctx, user, input),
    bookForCustomer: (actor: AuthUser, input: StaffBookingRequest) => bookForCustomer(ctx, actor, input),
    history: (user: AuthUser, query: { status?: MaintenanceStatus; page?: number; limit?: number }) =>
      appointmentHistory(ctx, user, query),
    get: (user: AuthUser, id: string) => getAppointment(ctx, user, id),
    cancel: (user: AuthUser, id: string) => cancelAppointment(ctx, user, id),
    reschedule: (user: AuthUser, id: string, input: RescheduleRequest) => rescheduleAppointment(ctx, user, id, input),
    calendar: (user: AuthUser, id: string, host?: string) => appointmentCalendar(ctx, user, id, host),
    adminList: (query: AdminListFilters & { page?: number; limit?: number }) => adminAppointmentList(ctx, query),
    adminUpdate: (actor: AuthUser, id: string, input: AdminUpdateInput) => adminUpdateAppointment(ctx, actor, id, input),
    overview: () => appointmentOverview(ctx),
    auditTrail: (id: string) => appointmentAuditTrail(ctx, id),
    technicians: () => listTechnicians(ctx.db),
    /** For the workshop floor, inside its transaction: lock an appointment, then set its stage. */
    lockAppointment: (tx: Executor, id: string) => lockAppointment(tx, id),
    setStageWithin: (tx: Executor, current: AppointmentRow, stage: WorkshopStage, actorId: string | null = null) =>
      setStageWithin(ctx, tx, current, stage, actorId),
    /** For estimates, inside the decision's transaction: the approved total becomes the cost. */
    setCostWithin: (tx: Executor, id: string, cents: number) => setCostWithin(tx, id, cents),
    /** What estimates charge now (hourly rate, tax rate). */
    workshopRates: (executor?: Executor) => ctx.workshop.rates(executor),
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
