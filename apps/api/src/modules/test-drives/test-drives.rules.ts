import { formatLongDate } from '@dealer/shared';

export const TEST_DRIVE_MESSAGES = {
  vehicleNotFound: 'Vehicle not found',
  notForSale: 'This car is not available for test drives.',
  pastDate: 'Please choose today or a later date.',
  pastTime: 'This time has already passed. Please choose a later time.',
  closedDay: 'Test drives are not offered on this day. Please choose another date.',
  outsideHours: 'Please choose a time within the sales opening hours.',
  tooFar: (days: number) => `Test drives can be booked at most ${days} days ahead.`,
  closure: (reason: string) => `The dealership is closed on this date (${reason}). Please choose another date.`,
  carBusy: 'This car is already booked for a test drive at that time. Please choose another time.',
  slotFull: 'Every demonstrator is out at that time. Please choose another time.',
  notFound: 'Test drive not found',
  notBooked: 'Only a booked test drive can be changed.',
  started: 'This test drive has already started.',
  sameSlot: 'The test drive is already at that time.',
  hasDrives: (date: string, count: number) =>
    `${count} test ${count === 1 ? 'drive is' : 'drives are'} booked on ${formatLongDate(date)}. Reschedule or cancel ${count === 1 ? 'it' : 'them'} first.`,
} as const;
