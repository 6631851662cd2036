import { z } from 'zod';
import { INSPECTION_CONDITIONS } from '../money-loop';
import { vehicleImageSchema } from './vehicles';

/** One checklist item as the inspection screen shows it. */
export const inspectionItemSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  label: z.string(),
  condition: z.enum(INSPECTION_CONDITIONS).nullable().describe('Null until the technician chooses one'),
  note: z.string().nullable(),
  photos: z.array(vehicleImageSchema),
  free: z.boolean().describe('An item the technician added (only these can be removed); false for the checklist'),
  updatedAt: z.string(),
  updatedBy: z.string().nullable().describe('The name of the last person who changed the item'),
});
export type InspectionItem = z.infer<typeof inspectionItemSchema>;

/** A checked-in job's inspection: the checklist in order, then the items added. */
export const inspectionSchema = z.object({
  appointmentId: z.string(),
  /** Whether the caller may change it (false once the job is completed). */
  editable: z.boolean(),
  items: z.array(inspectionItemSchema),
});
export type Inspection = z.infer<typeof inspectionSchema>;
