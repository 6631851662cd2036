import type { FastifyRequest } from 'fastify';
import { LIMITS, PHOTO_ORDER_FIELD } from '@dealer/shared';
import { PayloadTooLargeError, ValidationError } from '../../infra/errors';
import { PHOTO_MESSAGES } from '../../infra/images';
import { FORM_TEXT_ALLOWANCE_BYTES, readMultipartForm } from '../../http/multipart-limits';

/** A listing form as sent: text fields, new photo files and the kept photos. */
export interface VehicleFormInput {
  fields: Record<string, string>;
  files: Buffer[];
  /**
   * Keys of the existing photos to keep, in order; `null` when the request says nothing about them
   * (no `existingImages...` field at all), which keeps every existing photo.
   */
  existingImages: string[] | null;
  /**
   * The order of all the listing's photos after this request, cover first: kept photos by key, new
   * files as `new:<index>`; `null` when not sent (kept photos first, new files after them).
   */
  photoOrder: string[] | null;
}

const ORDER_ENTRY = /^photoOrder(?:\[(\d*)\])?$/;

/** Collects `photoOrder`, `photoOrder[]` and `photoOrder[i]` entries; blanks stay so the schema names them. */
function addOrder(entries: Map<number, string>, plain: string[], name: string, value: string): boolean {
  const match = ORDER_ENTRY.exec(name);
  if (!match) return false;
  if (match[1]) entries.set(Number(match[1]), value);
  else plain.push(value);
  return true;
}

const EXISTING_ENTRY = /^existingImages\[(\d+)\](?:\[(key|url)\])?$/;

function addExisting(entries: Map<number, string>, plain: string[], name: string, value: string): boolean {
  if (name === 'existingImages' || name === 'existingImages[]') {
    // A bare `existingImages` field with an empty value means "keep none".
    if (value.trim() !== '') plain.push(value.trim());
    return true;
  }
  const match = EXISTING_ENTRY.exec(name);
  if (!match) return false;
  if (value.trim() !== '') entries.set(Number(match[1]), value.trim());
  return true;
}

function orderedList(entries: Map<number, string>, plain: string[]): string[] {
  return [...[...entries.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v), ...plain];
}

function existingList(seen: boolean, entries: Map<number, string>, plain: string[]): string[] | null {
  if (!seen) return null;
  const ordered = [...entries.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  return [...ordered, ...plain];
}

/** A listing takes its photos and nothing bigger: 20 file parts of at most 10 MB. */
const PHOTO_LIMITS = { files: LIMITS.photosPerListing, fileSize: LIMITS.photoMaxBytes };
const MAX_FORM_BYTES = LIMITS.photosPerListing * LIMITS.photoMaxBytes + FORM_TEXT_ALLOWANCE_BYTES;

const PHOTO_REFUSALS = {
  bodyTooLarge: () => new PayloadTooLargeError(PHOTO_MESSAGES.formTooLarge),
  fileTooLarge: () => new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge),
  // One file part over the limit: the parser stops there, so this is the 21st photo.
  tooManyFiles: () => new ValidationError({ images: PHOTO_MESSAGES.tooMany }, PHOTO_MESSAGES.tooMany),
};

/** Reads a multipart listing form (or a JSON body with the same fields) into memory. */
export async function readVehicleForm(request: FastifyRequest): Promise<VehicleFormInput> {
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  const entries = new Map<number, string>();
  const plain: string[] = [];
  let sawExisting = false;
  const orderEntries = new Map<number, string>();
  const orderPlain: string[] = [];
  let sawOrder = false;

  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(body)) {
      if (name === 'existingImages' && Array.isArray(value)) {
        sawExisting = true;
        for (const item of value) {
          const key =
            typeof item === 'string'
              ? item
              : ((item as { key?: unknown; url?: unknown } | null)?.key ?? (item as { url?: unknown } | null)?.url);
          if (typeof key === 'string' && key.trim()) plain.push(key.trim());
        }
      } else if (name === PHOTO_ORDER_FIELD && Array.isArray(value)) {
        sawOrder = true;
        for (const item of value) orderPlain.push(typeof item === 'string' ? item : String(item ?? ''));
      } else if (value !== null && value !== undefined && typeof value !== 'object') {
        fields[name] = String(value);
      }
    }
    return {
      fields,
      files,
      existingImages: existingList(sawExisting, entries, plain),
      photoOrder: sawOrder ? orderedList(orderEntries, orderPlain) : null,
    };
  }

  await readMultipartForm(request, {
    limits: PHOTO_LIMITS,
    maxBytes: MAX_FORM_BYTES,
    refusals: PHOTO_REFUSALS,
    keepsFile: (name) => name === 'images',
    onFile: (_name, data) => files.push(data),
    onField: (name, raw) => {
      const value = typeof raw === 'string' ? raw : String(raw ?? '');
      if (addExisting(entries, plain, name, value)) sawExisting = true;
      else if (addOrder(orderEntries, orderPlain, name, value)) sawOrder = true;
      else fields[name] = value;
    },
  });
  return {
    fields,
    files,
    existingImages: existingList(sawExisting, entries, plain),
    photoOrder: sawOrder ? orderedList(orderEntries, orderPlain) : null,
  };
}
