import {
  SLOT_HOLDING_STATUSES,
  openBookingsCapMessage,
  type MaintenanceStatus,
} from '@dealer/shared';

export const MESSAGES = {
  slotFull: 'This time slot is fully booked. Please choose another time.',
  sunday: 'The workshop is closed on Sundays. Please choose another date.',
  pastDate: 'Please choose today or a later date.',
  pastTime: 'This time has already passed. Please choose a later time slot.',
  notFound: 'Maintenance appointment not found',
  notCancellable: 'Only pending or scheduled appointments can be cancelled',
  tooFarAhead: (days: number) => `Appointments can be booked up to ${days} days ahead. Please choose an earlier date.`,
  tooManyOpen: openBookingsCapMessage,
  tooManyToday: (max: number) =>
    `One account can make ${max} bookings in 24 hours, cancelled ones included. Please try again tomorrow or call the workshop.`,
  customerNotFound: 'Customer account not found. Choose another customer or book without an account.',
  customerInactive: 'This account is not active. Book without an account instead.',
} as const;

/** Whether an appointment in this status holds its slot's place. */
export const holdsPlace = (status: MaintenanceStatus) => (SLOT_HOLDING_STATUSES as readonly string[]).includes(status);
