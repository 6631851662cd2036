import { describe, expect, it } from 'vitest';
import { auditChanges, describeAction, fieldLabel, formatAuditValue } from './audit-format';

describe('auditChanges', () => {
  it('lists only the fields that changed, labelled, with readable values', () => {
    expect(
      auditChanges({
        before: { status: 'Pending', technician: null, cost: 10, staffNotes: null },
        after: { status: 'Scheduled', technician: 'Dana', cost: 10, staffNotes: 'Parts ordered' },
      }),
    ).toEqual([
      { field: 'Status', before: 'Pending', after: 'Scheduled' },
      { field: 'Technician', before: 'none', after: 'Dana' },
      { field: 'Staff notes', before: 'none', after: 'Parts ordered' },
    ]);
  });

  it('shows money, dates, moments and people as a person reads them', () => {
    const buyer = '3f1c2a4e-8b7d-4c21-9a3e-2b5d6c7e8f90';
    expect(
      auditChanges({
        before: { price: 25000, appointmentDate: '2026-11-28', buyerId: null, soldAt: null, role: 'USER' },
        after: { price: 24500.5, appointmentDate: '2026-12-01', buyerId: buyer, soldAt: '2026-11-28T22:36:30.320Z', role: 'ADMIN' },
        names: { [buyer]: 'Bianca Buyer' },
      }),
    ).toEqual([
      { field: 'Price', before: '$25,000', after: '$24,500.50' },
      { field: 'Date', before: 'November 28, 2026', after: 'December 1, 2026' },
      { field: 'Buyer', before: 'none', after: 'Bianca Buyer' },
      { field: 'Sold', before: 'none', after: expect.stringMatching(/^November (28|29), 2026, \d{1,2}:36 (AM|PM)$/) },
      { field: 'Role', before: 'Customer', after: 'Admin' },
    ]);
  });

  it('counts photos and says when only their order changed', () => {
    expect(auditChanges({ before: { images: ['a', 'b'] }, after: { images: ['b', 'a'] } })).toEqual([
      { field: 'Photos', before: '2 photos', after: '2 photos, in a new order' },
    ]);
    expect(auditChanges({ before: { images: ['a'] }, after: { images: ['a', 'c'] } })).toEqual([{ field: 'Photos', before: '1 photo', after: '2 photos' }]);
  });

  it('handles a deletion (no after) and plain values', () => {
    expect(auditChanges({ before: { title: 'Old car' }, after: null })).toEqual([{ field: 'Title', before: 'Old car', after: 'none' }]);
    expect(auditChanges({ before: 'active', after: 'suspended' })).toEqual([{ field: '', before: 'active', after: 'suspended' }]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
});

describe('labels', () => {
  it('names known actions and fields, and reads unknown ones as words', () => {
    expect(describeAction('user.password-reset')).toBe('Password reset link created');
    expect(describeAction('maintenance.book-for-customer')).toBe('Booked by staff for a customer');
    expect(describeAction('vehicle.price-drop')).toBe('Price drop');
    expect(fieldLabel('staffNotes')).toBe('Staff notes');
    expect(fieldLabel('someNewField')).toBe('Some new field');
    expect(formatAuditValue('description', 'x'.repeat(300))).toHaveLength(160);
  });

  it('names the newer actions: the workshop floor, holds and both calendars', () => {
    expect(describeAction('reservation.extend')).toBe('Hold extended');
    expect(describeAction('reservation.end')).toBe('Hold ended by staff');
    expect(describeAction('test-drive-settings.update')).toBe('Test drive calendar changed');
    expect(describeAction('workshop.settings')).toBe('Workshop settings changed');
    expect(describeAction('workshop.check-in')).toBe('Car checked in');
    expect(describeAction('workshop.no-show')).toBe('Marked as a no-show');
    expect(describeAction('workshop.move')).toBe('Workshop stage changed');
    expect(describeAction('vehicle.withdraw')).toBe("Withdrawn with the seller's account");
  });
});

describe('values of the newer records', () => {
  it('reads staff roles, hold ends, calendars and workshop places as a person does', () => {
    expect(auditChanges({ before: { role: 'USER' }, after: { role: 'SALES' } })).toEqual([{ field: 'Role', before: 'Customer', after: 'Sales' }]);
    expect(auditChanges({ before: { role: 'TECHNICIAN' }, after: { role: 'SERVICE_ADVISOR' } })).toEqual([{ field: 'Role', before: 'Technician', after: 'Service advisor' }]);
    expect(
      auditChanges({
        before: { openDays: [1, 2, 3, 4, 5, 6], openHour: 9, closeHour: 18, demonstrators: 2 },
        after: { openDays: [1, 2, 3, 4, 5], openHour: 8, closeHour: 18, demonstrators: 3 },
      }),
    ).toEqual([
      { field: 'Open days', before: 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday', after: 'Monday, Tuesday, Wednesday, Thursday, Friday' },
      { field: 'Opens', before: '9:00 AM', after: '8:00 AM' },
      { field: 'Test drives per hour', before: '2', after: '3' },
    ]);
    expect(
      auditChanges({ before: { resources: { serviceBays: 2, bodyBays: 1, paintBooths: 1 } }, after: { resources: { serviceBays: 3, bodyBays: 1, paintBooths: 1 }, services: [{}, {}] } }),
    ).toEqual([
      { field: 'Places', before: '2 service bays, 1 body bay, 1 paint booth', after: '3 service bays, 1 body bay, 1 paint booth' },
      { field: 'Service times', before: 'none', after: '2 services changed' },
    ]);
    expect(auditChanges({ before: { stage: 'Scheduled' }, after: { stage: 'Checked in', odometer: 48213, fuelLevel: '3/4', photos: 1 } })).toEqual([
      { field: 'Workshop stage', before: 'Scheduled', after: 'Checked in' },
      { field: 'Odometer', before: 'none', after: '48,213 mi' },
      { field: 'Fuel level', before: 'none', after: '3/4' },
      { field: 'Photos', before: 'none', after: '1 photo' },
    ]);
    expect(auditChanges({ before: { expiresAt: '2026-11-28T22:00:00.000Z' }, after: { expiresAt: '2026-11-29T22:00:00.000Z' } })[0]).toMatchObject({
      field: 'Held until',
      after: expect.stringMatching(/^November (29|30), 2026, \d{1,2}:00 (AM|PM)$/),
    });
  });
});
