// Reserve online: a customer's hold of a car, as other domains and the composition root see it.
export { createReservationsService, type ReservationsDeps, type ReservationsService } from './reservations.service';
export { reservationsRoutes } from './reservations.routes';
export { reservationMailTemplates } from './reservations.messages';
export { reservationExpiryJob } from './reservations.expiry';
