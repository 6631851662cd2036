import { z } from 'zod';
import { INSPECTION_CHECKLIST, INSPECTION_CONDITIONS, INSPECTION_LIMITS } from '../money-loop';
import { storableString } from './text';

/** What the inspection screen and its routes say, exactly. */
export const INSPECTION_MESSAGES = {
  condition: 'Choose Good, Needs attention soon or Needs attention now',
  noteTooLong: `A note must be at most ${INSPECTION_LIMITS.noteMax} characters`,
  labelRequired: 'Name the item to inspect',
  labelTooLong: `An item's name must be at most ${INSPECTION_LIMITS.labelMax} characters`,
  nothingToChange: 'Send a condition or a note to change',
  tooManyItems: `An inspection can have at most ${INSPECTION_LIMITS.itemsMax} items`,
  tooManyPhotos: `An item can have at most ${INSPECTION_LIMITS.photosPerItemMax} photos`,
  photosTooLarge: `An item can have at most ${INSPECTION_LIMITS.photosPerItemMax} photos of at most 10 MB each`,
  noPhoto: 'Choose a photo to add',
  notCheckedIn: 'This job has not been checked in yet. Check the car in before inspecting it.',
  completed: 'This job is completed: its inspection can no longer be changed.',
  notYourJob: 'You can inspect only the jobs assigned to you.',
  itemNotFound: 'Inspection item not found',
  photoNotFound: 'Photo not found',
  checklistItem: 'Only an item you added can be removed; the checklist items stay.',
} as const;

/** The inspection screen's save states and toasts. */
export const INSPECTION_TEXT = {
  saved: 'Saved',
  saving: 'Saving…',
  itemAdded: 'Item added',
  itemRemoved: 'Item removed',
  photoAdded: 'Photo added',
  photoRemoved: 'Photo removed',
} as const;

/** Whether an item at `position` is one the technician added (the checklist holds the first positions). */
export const isFreeInspectionPosition = (position: number) => position >= INSPECTION_CHECKLIST.length;

/** A change to one item: its condition (null clears it), its note, or both. */
export const inspectionItemUpdateSchema = z
  .object({
    condition: z.enum(INSPECTION_CONDITIONS, { error: INSPECTION_MESSAGES.condition }).nullable().optional(),
    note: storableString({ error: INSPECTION_MESSAGES.noteTooLong })
      .trim()
      .max(INSPECTION_LIMITS.noteMax, INSPECTION_MESSAGES.noteTooLong)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
  })
  .refine((v) => v.condition !== undefined || v.note !== undefined, { message: INSPECTION_MESSAGES.nothingToChange, path: ['condition'] });
export type InspectionItemUpdate = z.input<typeof inspectionItemUpdateSchema>;

/** A free item the technician adds after the checklist. */
export const inspectionItemCreateSchema = z.object({
  label: storableString({ error: INSPECTION_MESSAGES.labelRequired })
    .trim()
    .min(1, INSPECTION_MESSAGES.labelRequired)
    .max(INSPECTION_LIMITS.labelMax, INSPECTION_MESSAGES.labelTooLong),
});
export type InspectionItemCreate = z.input<typeof inspectionItemCreateSchema>;

/** `:id` (the job) and `:itemId`. */
export const inspectionItemParams = z.object({ id: z.string(), itemId: z.string() });
/** `:id`, `:itemId` and `:key` (a photo's key). */
export const inspectionPhotoParams = inspectionItemParams.extend({ key: z.string() });
