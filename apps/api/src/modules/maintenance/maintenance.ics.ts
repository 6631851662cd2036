import { PRODUCT_NAME, calendarDayOf, slotHour, type MaintenanceAppointment } from '@dealer/shared';
import { workshopTimeToInstant } from './workshop-time';

export const WORKSHOP_NAME = `${PRODUCT_NAME} Service Center`;
const APPOINTMENT_LENGTH_MS = 60 * 60 * 1000;

/** 20260308T140000Z */
function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 5545 TEXT escaping. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF + space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = Buffer.byteLength(char, 'utf8');
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += charSize;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function icsFileName(appointment: MaintenanceAppointment): string {
  return `maintenance-${calendarDayOf(appointment.appointmentDate)}-${appointment.specificService.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.ics`;
}

/**
 * One VEVENT for the appointment. Start and end are written in UTC, computed from the
 * workshop's wall-clock time in its zone, so every calendar shows the right local hour even
 * across daylight-saving changes; X-WR-TIMEZONE names the workshop zone for display.
 */
export function appointmentIcs(
  appointment: MaintenanceAppointment,
  options: { timeZone: string; now: Date; host?: string },
): string {
  const day = calendarDayOf(appointment.appointmentDate);
  const start = workshopTimeToInstant(day, slotHour(appointment.appointmentTime), options.timeZone);
  const end = new Date(start.getTime() + APPOINTMENT_LENGTH_MS);
  const vehicle = `${appointment.vehicle.make} ${appointment.vehicle.model}`;
  const description = [
    `${appointment.specificService} for your ${appointment.vehicle.year} ${vehicle} (${appointment.vehicle.registration}).`,
    `${day} at ${appointment.appointmentTime} (${options.timeZone}).`,
    `Status: ${appointment.status}.`,
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Maintenance//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-TIMEZONE:${options.timeZone}`,
    'BEGIN:VEVENT',
    `UID:${appointment._id}@${options.host ?? 'apexmotors'}`,
    `DTSTAMP:${icsUtc(options.now)}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${icsText(`${appointment.specificService} – ${vehicle}`)}`,
    `LOCATION:${icsText(WORKSHOP_NAME)}`,
    `DESCRIPTION:${icsText(description)}`,
    `STATUS:${appointment.status === 'Cancelled' ? 'CANCELLED' : appointment.status === 'Pending' ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
