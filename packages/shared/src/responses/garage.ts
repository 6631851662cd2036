import { z } from 'zod';
import { INVOICE_KINDS } from '../money-loop';
import { MAINTENANCE_STATUSES } from '../constants';

/** A job done (or booked) on the vehicle: one of the customer's appointments with its registration. */
export const garageJobSchema = z.object({
  _id: z.string(),
  maintenanceType: z.string(),
  specificService: z.string(),
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  /** The check-in's odometer reading, when the car was checked in. */
  odometer: z.number().int().nullable(),
});

/** An odometer reading taken at a check-in. */
export const garageReadingSchema = z.object({
  appointmentId: z.string(),
  odometer: z.number().int(),
  readAt: z.string(),
});

export const garageInvoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  /** What is left to pay (0 once paid; a credit note's is 0). */
  balanceCents: z.number().int(),
});

/** A line the customer declined that no later job has done yet. */
export const garageRecommendedWorkSchema = z.object({
  _id: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  /** The service of the job whose estimate offered it. */
  specificService: z.string(),
  declinedAt: z.string(),
});

/** A vehicle in the customer's garage with its service history. */
export const garageVehicleSchema = z.object({
  _id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.string(),
  registration: z.string(),
  vin: z.string().nullable(),
  /** The mileage the customer last gave, and when. */
  mileage: z.number().int().nullable(),
  mileageAt: z.string().nullable(),
  /** The later of the customer's figure and the last check-in reading. */
  currentMileage: z.object({ miles: z.number().int(), at: z.string(), source: z.enum(['customer', 'check-in']) }).nullable(),
  history: z.object({
    jobs: z.array(garageJobSchema),
    readings: z.array(garageReadingSchema),
    invoices: z.array(garageInvoiceSchema),
    recommendedWork: z.array(garageRecommendedWorkSchema),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GarageVehicle = z.infer<typeof garageVehicleSchema>;
export type GarageJob = z.infer<typeof garageJobSchema>;
export type GarageReading = z.infer<typeof garageReadingSchema>;
export type GarageInvoice = z.infer<typeof garageInvoiceSchema>;
export type GarageRecommendedWork = z.infer<typeof garageRecommendedWorkSchema>;
