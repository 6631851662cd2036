import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { calendarDayOf, formatWeekdayDate, PRODUCT_NAME, slotHour, type MaintenanceAppointment } from '@dealer/shared';
import { workshopTimeToInstant } from '../workshop-calendar';

export const WORKSHOP_NAME = `${PRODUCT_NAME} Service Center`;
const APPOINTMENT_LENGTH_MS = 60 * 60 * 1000;

/** Where the appointment takes place, as configured (WORKSHOP_ADDRESS, WORKSHOP_PHONE). */
export interface WorkshopPlace {
  address: string;
  phone: string;
}

export interface CalendarOptions {
  timeZone: string;
  now: Date;
  workshop: WorkshopPlace;
  /** The appointment's calendar revision: a file with a higher one replaces the event of the same UID. */
  sequence: number;
  host?: string;
  /**
   * PUBLISH adds or updates the event; CANCEL removes it. A cancellation names the workshop as
   * organizer and the customer as attendee, as calendar programs want before they remove an event.
   */
  method?: 'PUBLISH' | 'CANCEL';
  organizerEmail?: string;
}

export function icsFileName(appointment: MaintenanceAppointment): string {
  return `maintenance-${calendarDayOf(appointment.appointmentDate)}-${appointment.specificService.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.ics`;
}

/** The event's LOCATION: the workshop's name and street address, which map apps can open. */
export const workshopLocation = (workshop: WorkshopPlace) => `${WORKSHOP_NAME}, ${workshop.address}`;

function eventStatus(appointment: MaintenanceAppointment, method: CalendarOptions['method']): ICalEventStatus {
  if (method === 'CANCEL' || appointment.status === 'Cancelled') return ICalEventStatus.CANCELLED;
  return appointment.status === 'Pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
}

/**
 * One VEVENT for the appointment, written by ical-generator (escaping and line folding by RFC 5545).
 * Start and end are in UTC, computed from the workshop's wall-clock time in its zone, so every
 * calendar shows the right local hour even across daylight-saving changes; X-WR-TIMEZONE names the
 * workshop zone for display. The UID is the appointment's for its whole life, so a later file
 * (moved, cancelled) updates the event the first one added.
 */
export function appointmentIcs(appointment: MaintenanceAppointment, options: CalendarOptions): string {
  const method = options.method ?? 'PUBLISH';
  const start = workshopTimeToInstant(calendarDayOf(appointment.appointmentDate), slotHour(appointment.appointmentTime), options.timeZone);
  const vehicle = `${appointment.vehicle.make} ${appointment.vehicle.model}`;
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: 'Maintenance', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    x: [['X-WR-TIMEZONE', options.timeZone]],
  });
  const organizer = { name: WORKSHOP_NAME, email: options.organizerEmail ?? `no-reply@${options.host ?? 'localhost'}` };
  calendar.createEvent({
    id: `${appointment._id}@${options.host ?? 'apexmotors'}`,
    sequence: options.sequence,
    stamp: options.now,
    start,
    end: new Date(start.getTime() + APPOINTMENT_LENGTH_MS),
    summary: `${appointment.specificService} – ${vehicle}`,
    location: workshopLocation(options.workshop),
    description: [
      `${appointment.specificService} for your ${appointment.vehicle.year} ${vehicle} (${appointment.vehicle.registration}).`,
      `${formatWeekdayDate(appointment.appointmentDate)} at ${appointment.appointmentTime} (${options.timeZone}).`,
      `Status: ${method === 'CANCEL' ? 'Cancelled' : appointment.status}.`,
      `${WORKSHOP_NAME}, ${options.workshop.address}. Phone ${options.workshop.phone}.`,
    ].join('\n'),
    status: eventStatus(appointment, method),
    ...(method === 'CANCEL'
      ? { organizer, attendees: [{ email: appointment.customer.email, name: appointment.customer.name }] }
      : {}),
  });
  return `${calendar.toString()}\r\n`;
}
