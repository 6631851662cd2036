import { formatWeekdayDate, type MaintenanceAppointment } from '@dealer/shared';
import type { MailTemplate, MailTemplates } from '../../mail/registry';
import { WORKSHOP_NAME, workshopLocation } from '../maintenance';

/** The job as the ready-for-pickup e-mail tells of it. */
export interface ReadyForPickupMail {
  appointment: MaintenanceAppointment;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'workshop-ready-for-pickup': ReadyForPickupMail;
  }
}

const readyForPickup: MailTemplate<ReadyForPickupMail> = {
  subject: ({ appointment: a }) => `Your ${a.vehicle.make} ${a.vehicle.model} is ready for pickup`,
  body: ({ appointment: a }, ctx) => ({
    greeting: `Hello ${a.customer.name},`,
    paragraphs: [
      `Good news: the work on your ${a.vehicle.year} ${a.vehicle.make} ${a.vehicle.model} is done and the car is ready for pickup at ${WORKSHOP_NAME}.`,
      'Please bring this e-mail or your registration number when you come. Call us if you would like to arrange another time.',
    ],
    details: [
      ['Service', a.specificService],
      ['Booked for', `${formatWeekdayDate(a.appointmentDate)}, ${a.appointmentTime}`],
      ['Vehicle', `${a.vehicle.year} ${a.vehicle.make} ${a.vehicle.model} (${a.vehicle.registration})`],
      ['Where', workshopLocation(ctx.workshop)],
      ['Workshop phone', ctx.workshop.phone],
    ],
    ...(a.userId ? { action: { label: 'View your appointments', url: `${ctx.baseUrl}/account/maintenance/history` } } : {}),
  }),
};

export const workshopMailTemplates: MailTemplates<'workshop-ready-for-pickup'> = {
  'workshop-ready-for-pickup': readyForPickup,
};
