import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_KINDS } from '@dealer/shared';
import { kindLabel, recordHref } from './audit-record';

const id = '3f1c2a4e-8b7d-4c21-9a3e-2b5d6c7e8f90';

describe('the kinds of record in the audit log', () => {
  it('names every kind the API writes, each with its own label', () => {
    expect(AUDIT_LOG_KINDS.map(kindLabel)).toEqual([
      'Listings',
      'Maintenance',
      'Accounts',
      'Closure days',
      'Workshop settings',
      'Reservations',
      'Test drive settings',
      'Trade-ins',
      'Invoices',
    ]);
    // A kind this screen does not know yet reads as words, never as its code.
    expect(kindLabel('saved_search')).toBe('Saved search');
  });

  it('links each record to its page while it exists', () => {
    const href = (entityType: string, entityId = id) => recordHref({ entityType, entityId, entityLabel: 'Its name' });
    expect(href('vehicle')).toBe(`/admin/vehicles/${id}`);
    expect(href('maintenance')).toBe(`/admin/maintenance/${id}`);
    expect(href('user')).toBe(`/admin/users/${id}`);
    expect(href('closure_day', '2026-07-22')).toBe('/admin/closure-days');
    expect(href('reservation')).toBe('/admin/reservations');
    expect(href('workshop_settings', '1')).toBe('/admin/workshop/settings');
    expect(href('test_drive_settings', '1')).toBe('/admin/test-drives/settings');
    expect(href('invoice')).toBe(`/admin/invoices/${id}`);
    expect(href('saved_search')).toBeNull();
    expect(recordHref({ entityType: 'vehicle', entityId: id, entityLabel: null })).toBeNull();
  });
});
