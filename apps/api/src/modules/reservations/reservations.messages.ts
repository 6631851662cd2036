import type { Reservation } from '@dealer/shared';
import type { MailTemplate, MailTemplates, RenderContext } from '../../mail/registry';

export type HoldEvent = 'started' | 'cancelled' | 'ended' | 'expired' | 'extended';

export interface ReservationMail {
  reservation: Reservation;
  event: HoldEvent;
}

declare module '../../mail/registry' {
  interface MailKinds {
    'reservation-customer': ReservationMail;
    'reservation-sales-notice': ReservationMail;
  }
}

const carOf = (r: Reservation) => `${r.vehicle.year} ${r.vehicle.make} ${r.vehicle.model}`;

const CUSTOMER_SUBJECTS: Record<HoldEvent, (r: Reservation) => string> = {
  started: (r) => `The ${carOf(r)} is reserved for you until ${r.expiresAtText}`,
  extended: (r) => `Your reservation of the ${carOf(r)} now runs until ${r.expiresAtText}`,
  cancelled: (r) => `Your reservation of the ${carOf(r)} is cancelled`,
  ended: (r) => `Your reservation of the ${carOf(r)} has ended`,
  expired: (r) => `Your reservation of the ${carOf(r)} has expired`,
};

const CUSTOMER_TEXT: Record<HoldEvent, string> = {
  started: 'We are holding this car for you: nobody else can reserve it until then. Our sales team will be in touch.',
  extended: 'Our sales team extended your reservation.',
  cancelled: 'As you asked, your reservation is cancelled and the car is available to others again.',
  ended: 'Our sales team ended your reservation. Please contact us if you have any questions.',
  expired: 'Your reservation has run out and the car is available to others again. You are welcome to reserve it again or contact us.',
};

const details = (r: Reservation): [string, string][] => [
  ['Car', carOf(r)],
  ['Reserved until', r.expiresAtText],
];

const customerMessage: MailTemplate<ReservationMail> = {
  subject: ({ reservation, event }) => CUSTOMER_SUBJECTS[event](reservation),
  body: ({ reservation, event }, ctx: RenderContext) => ({
    greeting: `Hello ${reservation.customer.name},`,
    paragraphs: [CUSTOMER_TEXT[event]],
    details: details(reservation),
    action: { label: 'View your reservations', url: `${ctx.baseUrl}/account/reservations` },
  }),
};

const salesNotice: MailTemplate<ReservationMail> = {
  subject: ({ reservation, event }) => `Reservation ${event}: ${carOf(reservation)} (${reservation.customer.name})`,
  body: ({ reservation, event }, ctx: RenderContext) => ({
    greeting: 'Hello team,',
    paragraphs: [`A reservation was ${event}.`],
    details: [...details(reservation), ['Customer', reservation.customer.name], ['Customer phone', reservation.customer.phone], ['Customer e-mail', reservation.customer.email]],
    action: { label: 'Open reservations', url: `${ctx.baseUrl}/admin/reservations` },
  }),
};

export const reservationMailTemplates: MailTemplates<'reservation-customer' | 'reservation-sales-notice'> = {
  'reservation-customer': customerMessage,
  'reservation-sales-notice': salesNotice,
};
