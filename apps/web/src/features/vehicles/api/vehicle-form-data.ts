import { CLEARABLE_VEHICLE_FIELDS, PHOTO_ORDER_FIELD, REQUIRED_VEHICLE_FIELDS, VEHICLE_FIELDS, type VehicleFields } from '@dealer/shared';

const hasValue = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

export interface VehicleMultipartInput {
  values: VehicleFields;
  /** New photo files, in the order chosen (the first is the cover when no existing photo is kept). */
  newFiles?: File[];
  /** Keys of the existing photos to keep, in display order (update only; omit to keep them all). */
  existingImageKeys?: string[];
  /**
   * The order of every photo, cover first: kept photos by key, new files as `new:<n>`. Needed only
   * when a new file goes before a kept photo; otherwise kept photos come first, then new files.
   */
  photoOrder?: string[];
  /** Extra string fields, e.g. an admin's `status` or `buyerId`. */
  extra?: Record<string, string | undefined>;
  /**
   * Edit only: the fields the user changed. Only these are sent, and one the user emptied is sent
   * empty, which clears it. Without it, every field with a value is sent.
   */
  changedFields?: readonly string[];
}

/**
 * The multipart body of `POST/PATCH api/vehicles`: make, model, year, price and title are
 * always sent on create; any other field only when it has a value. Kept photos go as
 * `existingImages[i][key]`, new ones as repeated `images`.
 */
export function buildVehicleFormData(mode: 'create' | 'edit', input: VehicleMultipartInput): FormData {
  const fd = new FormData();
  const values = input.values as unknown as Record<string, unknown>;
  if (mode === 'edit' && input.changedFields) {
    for (const field of VEHICLE_FIELDS) {
      if (!input.changedFields.includes(field)) continue;
      fd.append(field, hasValue(values[field]) ? String(values[field]).trim() : '');
    }
  } else {
    for (const field of REQUIRED_VEHICLE_FIELDS) {
      if (mode === 'create' || hasValue(values[field])) fd.append(field, String(values[field] ?? ''));
    }
    for (const field of CLEARABLE_VEHICLE_FIELDS) {
      if (hasValue(values[field])) fd.append(field, String(values[field]).trim());
    }
  }
  for (const [key, value] of Object.entries(input.extra ?? {})) {
    if (hasValue(value)) fd.append(key, String(value));
  }
  if (input.existingImageKeys) {
    input.existingImageKeys.forEach((key, i) => fd.append(`existingImages[${i}][key]`, key));
    // Without any existingImages field the server keeps every photo; a single empty one keeps none.
    if (mode === 'edit' && input.existingImageKeys.length === 0) fd.append('existingImages', '');
  }
  input.photoOrder?.forEach((ref, i) => fd.append(`${PHOTO_ORDER_FIELD}[${i}]`, ref));
  for (const file of input.newFiles ?? []) fd.append('images', file, file.name);
  return fd;
}
