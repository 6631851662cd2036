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
});
