import type { FastifyRequest } from 'fastify';
import { CHECK_IN_PHOTOS_MAX, WORKSHOP_MESSAGES } from '@dealer/shared';
import { readPhotoForm, type PhotoForm } from '../../http/photo-form';

export type CheckInForm = PhotoForm;

/** A check-in as sent: multipart (text fields and up to 10 `images` files) or JSON without photos. */
export function readCheckInForm(request: FastifyRequest): Promise<CheckInForm> {
  return readPhotoForm(request, {
    maxPhotos: CHECK_IN_PHOTOS_MAX,
    tooManyPhotos: WORKSHOP_MESSAGES.tooManyPhotos,
    photosTooLarge: WORKSHOP_MESSAGES.photosTooLarge,
  });
}
