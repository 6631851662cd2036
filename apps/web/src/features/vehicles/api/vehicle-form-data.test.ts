import { describe, expect, it } from 'vitest';
import { buildVehicleFormData } from './vehicle-form-data';

const base = { make: 'Honda', model: 'Civic', year: 2018, price: 15000, title: 'Civic' };

describe('buildVehicleFormData', () => {
  it('always sends the five required fields on create, and others only when present', () => {
    const fd = buildVehicleFormData('create', {
      values: { ...base, mileage: 0, description: undefined, contactEmail: undefined },
      newFiles: [new File(['x'], 'a.png')],
    });
    expect([...fd.keys()]).toEqual(['make', 'model', 'year', 'price', 'title', 'mileage', 'images']);
    expect(fd.get('mileage')).toBe('0');
  });

  it('lists kept photos in order, and says "keep none" with one empty field', () => {
    const kept = buildVehicleFormData('edit', { values: base, existingImageKeys: ['k3', 'k1'] });
    expect(kept.get('existingImages[0][key]')).toBe('k3');
    expect(kept.get('existingImages[1][key]')).toBe('k1');
    const none = buildVehicleFormData('edit', { values: base, existingImageKeys: [] });
    expect(none.getAll('existingImages')).toEqual(['']);
    const untouched = buildVehicleFormData('edit', { values: base });
    expect([...untouched.keys()].some((k) => k.startsWith('existingImages'))).toBe(false);
  });

  it('adds extra fields such as an admin status', () => {
    const fd = buildVehicleFormData('edit', { values: base, extra: { status: 'available', buyerId: undefined } });
    expect(fd.get('status')).toBe('available');
    expect(fd.has('buyerId')).toBe(false);
  });
});
