import { PRODUCT_NAME } from '@dealer/shared';
import type { EmailMessageInput } from './mail.kinds';

/** The subject line of each message. */
export function emailSubject(message: EmailMessageInput): string {
  switch (message.kind) {
    case 'booking-received':
      return `We received your booking for ${message.data.appointment.appointmentDate}`;
    case 'booking-workshop-notice':
      return `New booking: ${message.data.appointment.specificService} on ${message.data.appointment.appointmentDate} at ${message.data.appointment.appointmentTime}`;
    case 'booking-approved':
      return `Your appointment on ${message.data.appointment.appointmentDate} is scheduled`;
    case 'booking-completed':
      return `Your ${message.data.appointment.specificService} is complete`;
    case 'booking-cancelled':
      return `Your appointment on ${message.data.appointment.appointmentDate} is cancelled`;
    case 'booking-reminder':
      return `Reminder: your appointment on ${message.data.appointment.appointmentDate} at ${message.data.appointment.appointmentTime}`;
    case 'listing-approved':
      return `Your listing is live: ${message.data.title}`;
    case 'listing-sent-back':
      return `Your listing needs changes: ${message.data.title}`;
    case 'listing-rejected':
      return `Your listing was not approved: ${message.data.title}`;
    case 'listing-sold':
      return `Sold: ${message.data.title}`;
    case 'welcome':
      return `Welcome to ${PRODUCT_NAME}`;
    case 'password-reset':
      return `Reset your ${PRODUCT_NAME} password`;
  }
}
