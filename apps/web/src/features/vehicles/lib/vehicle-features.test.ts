import { describe, expect, it } from 'vitest';
import { vehicleFeatures } from './vehicle-features';

const base = { transmission: null, fuelType: null, condition: null, exteriorColor: null, interiorColor: null, mileage: null, year: 2010, images: [] };

describe('vehicleFeatures', () => {
  it('describes the listing from its own fields', () => {
    const features = vehicleFeatures(
      { ...base, transmission: 'CVT', fuelType: 'Hybrid', condition: 'Like New', exteriorColor: 'Pearl White', interiorColor: 'Tan', mileage: 12000, year: 2024, images: [{ key: 'a', url: '/a', sizes: [] }] },
      new Date('2025-06-01'),
    );
    expect(features).toEqual([
      'Continuously variable transmission (CVT) for smooth, efficient acceleration',
      'Hybrid powertrain pairing a petrol engine with electric assistance',
      'Like-new condition with barely any signs of use',
      'Pearl White exterior paint',
      'Tan interior',
      'Low mileage: 12,000 mi',
      'Recent 2024 model',
      '1 photo in the gallery',
    ]);
  });

  it('says nothing it does not know', () => {
    expect(vehicleFeatures(base, new Date('2025-06-01'))).toEqual([]);
  });

  it('reads high mileage plainly', () => {
    expect(vehicleFeatures({ ...base, mileage: 98000 }, new Date('2025-06-01'))).toEqual(['98,000 mi on the clock']);
  });
});
