import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appointmentSchema,
  auditEntrySchema,
  emailLogEntrySchema,
  errorResponseSchema,
  pageSchema,
  successSchema,
  vehicleSchema,
  type MaintenanceAppointment,
  type Vehicle,
} from '@dealer/shared';
import { responseSerializerCompiler } from './response-serializer';

const serializerFor = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never);

/** What the zod serializer wrote before: the parsed output through JSON.stringify. */
const zodJson = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

const vehicle: Vehicle & { ownerId: string } = {
  _id: 'v1',
  title: '2020 Toyota Corolla "LE"',
  make: 'Toyota',
  model: 'Corolla',
  year: 2020,
  price: 15000,
  mileage: null,
  transmission: 'Automatic',
  fuelType: null,
  condition: 'Good',
  exteriorColor: null,
  interiorColor: 'Black',
  description: 'Line one\nline two \u2028 “quoted” \\ é',
  images: [{ key: 'k', url: '/u/k.webp', sizes: [{ width: 320, url: '/u/k-320.webp' }], width: 640, height: 480 }],
  location: null,
  contactPhone: null,
  contactEmail: 'a@b.test',
  bodyType: 'Sedan',
  drivetrain: null,
  trim: 'LE',
  vinLast6: '042788',
  stockNumber: null,
  status: 'available',
  createdAt: '2026-01-02T03:04:05.006Z',
  updatedAt: '2026-01-02T03:04:05.006Z',
  revision: 1,
  owner: { name: 'Sam', avatar: null, phone: '+1 555', email: null, createdAt: '2025-01-01T00:00:00.000Z' },
  // Not in the schema: left out, as zod's parse left it out.
  ownerId: 'secret',
};

const appointment: MaintenanceAppointment = {
  _id: 'a1',
  maintenanceType: 'routine',
  specificService: 'Oil Change',
  appointmentDate: '2026-12-02',
  appointmentTime: '10:00 AM',
  vehicle: { make: 'Toyota', model: 'Camry', year: '2020', registration: 'ABC-1' },
  customer: { name: 'Jane', email: 'jane@example.com', phone: '+1 555' },
  additionalNotes: null,
  cost: 120.5,
  technician: null,
  notes: null,
  staffNotes: 'staff only',
  status: 'Scheduled',
  bookedById: null,
  userId: 'u1',
  createdAt: '2026-01-02T03:04:05.006Z',
  updatedAt: '2026-01-02T03:04:05.006Z',
};

describe('responseSerializerCompiler', () => {
  it('writes the same bytes as zod output through JSON.stringify, keys in schema order', () => {
    const cases: [z.ZodType, unknown][] = [
      [successSchema(vehicleSchema), { status: 'SUCCESS', data: vehicle }],
      // Optional keys in the middle (reviewNote, owner._id) present, and a null owner.
      [successSchema(vehicleSchema), { status: 'SUCCESS', data: { ...vehicle, reviewNote: 'Fix it', owner: { ...vehicle.owner, _id: 'u1' } } }],
      [successSchema(vehicleSchema), { status: 'SUCCESS', data: { ...vehicle, reviewNote: null, owner: null } }],
      [
        pageSchema(appointmentSchema),
        {
          status: 'SUCCESS',
          data: [appointment, { ...appointment, staffNotes: undefined, bookedById: undefined }],
          meta: { page: 1, limit: 20, itemCount: 2, pageCount: 1, hasPreviousPage: false, hasNextPage: false },
        },
      ],
      [
        successSchema(z.array(auditEntrySchema)),
        {
          status: 'SUCCESS',
          data: [
            { _id: 'e1', actor: null, action: 'update', entityType: 'maintenance', entityId: 'a1', before: { status: 'Pending', cost: null }, after: [1, 'two', { three: true }], names: {}, createdAt: '2026-01-02T03:04:05.006Z' },
            { _id: 'e2', actor: { _id: 'u1', name: 'Admin' }, action: 'create', entityType: 'vehicle', entityId: 'v1', before: null, after: 'x', names: { u1: 'Admin' }, createdAt: '2026-01-02T03:04:05.006Z' },
          ],
        },
      ],
      [
        errorResponseSchema,
        { status: 'ERROR', statusCode: 422, message: 'Validation failed', error: { message: 'Validation failed' }, errors: { 'vehicle.make': 'Make is required' } },
      ],
      [errorResponseSchema, { status: 'ERROR', statusCode: 404, message: 'Vehicle Not Found', error: { message: 'Vehicle Not Found' } }],
      [successSchema(emailLogEntrySchema), { status: 'SUCCESS', data: { _id: 'm1', kind: 'welcome', to: 'a@b.test', subject: 'Hi', status: 'failed', error: 'SMTP 550', attempts: 3, createdAt: '2026-01-02T03:04:05.006Z', sentAt: null, resendable: true } }],
      [z.object({ status: z.literal('SUCCESS'), data: z.null() }), { status: 'SUCCESS', data: null }],
    ];
    for (const [schema, data] of cases) expect(serializerFor(schema)(data)).toBe(zodJson(schema, data));
  });

  it('compiles each schema once, however many routes answer with it', () => {
    const schema = successSchema(vehicleSchema);
    expect(serializerFor(schema)).toBe(serializerFor(schema));
  });
});
