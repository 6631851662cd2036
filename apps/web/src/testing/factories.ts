import type { AdminUser, MaintenanceAppointment, PublicUser, Vehicle, VehicleImage } from '@dealer/shared';

/** Data the web unit tests build their API answers from: one factory per shape, overrides last. */

export const ADMIN: PublicUser = {
  _id: 'a0000000-0000-4000-8000-000000000001',
  username: 'admin',
  name: 'Alex Morgan',
  email: 'admin@apexmotors.test',
  phone: '+1 555 0100',
  address: null,
  avatar: null,
  role: 'ADMIN',
  status: 'active',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

/** A signed-in customer (the admin's shape with a customer's values). */
export function user(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    ...ADMIN,
    _id: 'u0000000-0000-4000-8000-000000000002',
    username: 'jane',
    name: 'Jane Cooper',
    email: 'jane@example.com',
    role: 'USER',
    ...overrides,
  };
}

/** An account as the admin's user screens see it: the customer Jane unless told otherwise (`adminUser(ADMIN)` for the admin). */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return { ...user(), lastLoginAt: null, statusReason: null, maintenanceCount: 0, ...overrides };
}

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

/** A listing as the API answers it: two photos, a seller, contact details. */
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
    bodyType: 'Sedan',
    drivetrain: 'FWD',
    trim: 'SE',
    vinLast6: '004352',
    stockNumber: null,
    status: 'available',
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-03-05T10:00:00.000Z',
    revision: 1,
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

export function appointment(overrides: Partial<MaintenanceAppointment> = {}): MaintenanceAppointment {
  return {
    _id: '11111111-2222-4333-8444-555566667777',
    maintenanceType: 'routine',
    specificService: 'Oil Change',
    appointmentDate: '2030-03-05T12:00:00.000Z',
    appointmentTime: '10:00 AM',
    vehicle: { make: 'Honda', model: 'Civic', year: '2019', registration: 'ABC-123' },
    customer: { name: 'Jane Cooper', email: 'jane@example.com', phone: '+1 555 0100 200' },
    additionalNotes: null,
    cost: null,
    technician: null,
    notes: null,
    status: 'Pending',
    userId: null,
    createdAt: '2030-03-01T09:00:00.000Z',
    updatedAt: '2030-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** The success envelope (`{ status, data, meta? }`) as a mocked answer. */
export const ok = (data: unknown, meta?: unknown) => ({ body: { status: 'SUCCESS', data, ...(meta ? { meta } : {}) } });

export function pageMeta(itemCount: number, page = 1, limit = 10) {
  const pageCount = Math.max(1, Math.ceil(itemCount / limit));
  return { page, limit, itemCount, pageCount, hasPreviousPage: page > 1, hasNextPage: page < pageCount };
}
