// Moving to @/testing (render.tsx, factories.ts): import from there. `vehicle` here keeps the admin
// tests' old defaults until they use the one factory.
import type { Vehicle } from '@dealer/shared';

export { mockApi, polyfillLayout, renderApp as renderAdmin, type RecordedRequest } from '@/testing/render';
export { ADMIN, appointment, ok, pageMeta } from '@/testing/factories';

export function vehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    _id: 'v0000000-0000-4000-8000-000000000001',
    title: '2019 Toyota Camry SE',
    make: 'Toyota',
    model: 'Camry',
    year: 2019,
    price: 18500,
    mileage: 42000,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Good',
    exteriorColor: 'Silver',
    interiorColor: 'Black',
    description: 'A reliable family sedan.',
    images: [],
    location: 'Springfield, IL',
    contactPhone: null,
    contactEmail: null,
    status: 'available',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-02T00:00:00.000Z',
    owner: null,
    ...overrides,
  };
}
