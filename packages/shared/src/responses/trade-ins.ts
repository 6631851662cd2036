import { z } from 'zod';
import { TRADE_IN_STATUSES } from '../trade-ins';
import { vehicleImageSchema } from './vehicles';

const condition = z.string();

/** A trade-in as its customer and the sales team see it. */
export const tradeInSchema = z.object({
  _id: z.string(),
  status: z.enum(TRADE_IN_STATUSES),
  vin: z.string().nullable(),
  registration: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  mileage: z.number().int(),
  condition: z.object({
    accidentHistory: condition,
    serviceHistory: condition,
    keys: condition,
    warningLights: condition,
    tyres: condition,
    bodywork: condition,
  }),
  notes: z.string().nullable(),
  photos: z.array(vehicleImageSchema),
  /** The car on sale whose page it was sent from. */
  vehicle: z.object({ _id: z.string(), title: z.string() }).nullable(),
  offer: z
    .object({
      amountCents: z.number().int(),
      expiresAt: z.string(),
      /** The expiry in the dealership's time zone, as text ('December 1, 2026, 2:30 PM'). */
      expiresAtText: z.string(),
      note: z.string().nullable(),
      madeAt: z.string(),
    })
    .nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TradeIn = z.infer<typeof tradeInSchema>;

/** The sales team's view: the customer and the lead it joined. */
export const tradeInAdminSchema = tradeInSchema.extend({
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
  leadId: z.string().nullable(),
  offeredBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type TradeInAdmin = z.infer<typeof tradeInAdminSchema>;
