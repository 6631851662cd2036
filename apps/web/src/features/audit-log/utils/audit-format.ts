import { formatDateTime, formatLongDate, formatMileage, formatPrice, ROLE_LABELS as STAFF_ROLE_LABELS, type AuditEntry } from '@dealer/shared';

const ACTION_LABELS: Record<string, string> = {
  'maintenance.status': 'Status changed',
  'maintenance.update': 'Request updated',
  'maintenance.approve': 'Request approved',
  'maintenance.notes': 'Notes changed',
  'maintenance.cancel': 'Cancelled by the customer',
  'maintenance.reschedule': 'Rescheduled',
  'vehicle.create': 'Listing created',
  'vehicle.update': 'Listing edited',
  'vehicle.status': 'Status changed',
  'vehicle.delete': 'Listing deleted',
  'vehicle.sold': 'Marked as sold',
  'vehicle.reject': 'Listing rejected',
  'vehicle.send-back': 'Sent back for changes',
  'user.status': 'Account status changed',
  'user.suspend': 'Account suspended',
  'user.activate': 'Account activated',
  'user.password-reset': 'Password reset link created',
  'user.password-reset.completed': 'Password changed with a reset link',
  'user.revoke-sessions': 'Sessions revoked',
  'user.promote': 'Made an admin',
  'user.demote': 'Admin access removed',
  'user.role': 'Role changed',
  'maintenance.book-for-customer': 'Booked by staff for a customer',
  'closure.create': 'Closure day added',
  'closure.delete': 'Closure day removed',
  'vehicle.withdraw': "Withdrawn with the seller's account",
  'workshop.check-in': 'Car checked in',
  'workshop.move': 'Workshop stage changed',
  'workshop.no-show': 'Marked as a no-show',
  'workshop.settings': 'Workshop settings changed',
  'workshop.service-intervals': 'Service reminder intervals changed',
  'inspection.item': 'Inspection item changed',
  'inspection.item-add': 'Inspection item added',
  'inspection.item-remove': 'Inspection item removed',
  'inspection.photo-add': 'Inspection photo added',
  'inspection.photo-remove': 'Inspection photo removed',
  'reservation.extend': 'Hold extended',
  'reservation.end': 'Hold ended by staff',
  'test-drive-settings.update': 'Test drive calendar changed',
};

/** 'maintenance.status' -> 'Status changed'; unknown actions read as words. */
export function describeAction(action: string): string {
  if (ACTION_LABELS[action]) return ACTION_LABELS[action];
  const words = action.split(/[._-]/).slice(1).join(' ') || action;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a field of an audit entry is called on screen. */
const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  statusReason: 'Reason',
  role: 'Role',
  activeSessions: 'Active sessions',
  resetLinkExpiresAt: 'Reset link expires',
  passwordChanged: 'Password changed',
  technician: 'Technician',
  cost: 'Price',
  notes: 'Notes for the customer',
  staffNotes: 'Staff notes',
  appointmentDate: 'Date',
  appointmentTime: 'Time',
  userId: 'Customer account',
  date: 'Date',
  reason: 'Reason',
  title: 'Title',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  price: 'Price',
  mileage: 'Mileage',
  transmission: 'Transmission',
  fuelType: 'Fuel type',
  condition: 'Condition',
  exteriorColor: 'Exterior color',
  interiorColor: 'Interior color',
  description: 'Description',
  location: 'Location',
  contactPhone: 'Contact phone',
  contactEmail: 'Contact e-mail',
  ownerId: 'Seller',
  buyerId: 'Buyer',
  soldAt: 'Sold',
  images: 'Photos',
  reviewNote: 'Review note',
  stage: 'Workshop stage',
  odometer: 'Odometer',
  fuelLevel: 'Fuel level',
  photos: 'Photos',
  expiresAt: 'Held until',
  openDays: 'Open days',
  openHour: 'Opens',
  closeHour: 'Closes',
  demonstrators: 'Test drives per hour',
  resources: 'Places',
  services: 'Service times',
};

const MONEY = new Set(['cost', 'price']);
const CALENDAR_DATES = new Set(['appointmentDate', 'date']);
const MOMENTS = new Set(['soldAt', 'resetLinkExpiresAt', 'expiresAt']);
const HOURS = new Set(['openHour', 'closeHour']);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The workshop's places, as the settings screen names them. */
const PLACES: Record<string, [one: string, many: string]> = {
  serviceBays: ['service bay', 'service bays'],
  bodyBays: ['body bay', 'body bays'],
  paintBooths: ['paint booth', 'paint booths'],
};
const PEOPLE = new Set(['userId', 'ownerId', 'buyerId']);
const ROLE_LABELS: Record<string, string> = { ...STAFF_ROLE_LABELS, USER: 'Customer' };

/** 9 -> '9:00 AM', 18 -> '6:00 PM'. */
const hourOfDay = (hour: number) => `${((hour + 11) % 12) + 1}:00 ${hour < 12 ? 'AM' : 'PM'}`;
/** Long texts (descriptions, notes) are cut in the history; the record itself holds them whole. */
const MAX_TEXT = 160;

/** 'exteriorColor' -> 'Exterior color' for a field without a label of its own. */
export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? (field.charAt(0).toUpperCase() + field.slice(1).replace(/([A-Z])/g, ' $1').toLowerCase());

/** A value as a person reads it: money, dates, names instead of ids; 'none' for an empty one. */
export function formatAuditValue(field: string, value: unknown, names: AuditEntry['names'] = {}): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (PEOPLE.has(field) && typeof value === 'string') return names[value] ?? 'an account';
  if (MONEY.has(field) && (typeof value === 'number' || typeof value === 'string')) return formatPrice(value) || String(value);
  if (CALENDAR_DATES.has(field) && typeof value === 'string') return formatLongDate(value) || value;
  if (MOMENTS.has(field) && typeof value === 'string') return formatDateTime(value) || value;
  if (field === 'mileage' && typeof value === 'number') return formatMileage(value);
  if (field === 'role' && typeof value === 'string') return ROLE_LABELS[value] ?? value;
  if (field === 'images' && Array.isArray(value)) return value.length === 1 ? '1 photo' : `${value.length} photos`;
  if (field === 'photos' && typeof value === 'number') return value === 1 ? '1 photo' : `${value} photos`;
  if (field === 'odometer' && typeof value === 'number') return formatMileage(value);
  if (HOURS.has(field) && typeof value === 'number') return hourOfDay(value);
  if (field === 'openDays' && Array.isArray(value)) return value.map((day) => WEEKDAYS[Number(day)] ?? String(day)).join(', ');
  if (field === 'resources' && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([place, n]) => `${String(n)} ${PLACES[place]?.[n === 1 ? 0 : 1] ?? place}`)
      .join(', ');
  }
  if (field === 'services' && Array.isArray(value)) return value.length === 1 ? '1 service changed' : `${value.length} services changed`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface AuditChange {
  /** The field's label ('' for a value that is not a record's field). */
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each changed field, labelled, as before -> after; photos put in another order read as such. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'> & { names?: AuditEntry['names'] }): AuditChange[] {
  const { before, after, names } = entry;
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields
      .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
      .map((field) => {
        const reordered = field === 'images' && Array.isArray(b[field]) && Array.isArray(a[field]) && [...(b[field] as string[])].sort().join() === [...(a[field] as string[])].sort().join();
        return {
          field: fieldLabel(field),
          before: formatAuditValue(field, b[field], names),
          after: reordered ? `${formatAuditValue(field, a[field], names)}, in a new order` : formatAuditValue(field, a[field], names),
        };
      });
  }
  if (before === null && after === null) return [];
  return [{ field: '', before: formatAuditValue('', before), after: formatAuditValue('', after) }];
}
