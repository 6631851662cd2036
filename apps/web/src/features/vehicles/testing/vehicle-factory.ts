import type { Vehicle, VehicleImage } from '@dealer/shared';

export function image(key: string, overrides: Partial<VehicleImage> = {}): VehicleImage {
  return {
    key,
    url: `/uploads/vehicles/v1/${key}-1280.webp`,
    sizes: [320, 640, 1280].map((width) => ({ width, url: `/uploads/vehicles/v1/${key}-${width}.webp` })),
    width: 1280,
    height: 960,
    ...overrides,
  };
}

export function vehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    _id: '3f2b9c1e-7a4d-4c1b-9e2f-1234567890ab',
    title: '2019 Toyota Camry SE, one owner',
    make: 'Toyota',
    model: 'Camry',
    year: 2019,
    price: 18500,
    mileage: 42000,
    transmission: 'Automatic',
    fuelType: 'Petrol',
    condition: 'Excellent',
    exteriorColor: 'Silver',
    interiorColor: 'Black',
    description: 'Well kept, full service history.',
    images: [image('a1'), image('b2')],
    location: 'Springfield, IL',
    contactPhone: '+1 555 010 2000',
    contactEmail: 'seller@example.com',
    status: 'available',
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-03-05T10:00:00.000Z',
    owner: {
      _id: 'u1',
      name: 'Jane Doe',
      avatar: null,
      phone: '+1 555 000 1111',
      email: 'jane@example.com',
      createdAt: '2023-01-02T00:00:00.000Z',
    },
    ...overrides,
  };
}
