import type { FastifyRequest } from 'fastify';
import { INSPECTION_LIMITS, INSPECTION_MESSAGES } from '@dealer/shared';
import { readPhotoForm, type PhotoForm } from '../../http/photo-form';

/** Photos of one finding as sent: multipart `images` files, at most as many as an item may hold. */
export function readInspectionPhotos(request: FastifyRequest): Promise<PhotoForm> {
  return readPhotoForm(request, {
    maxPhotos: INSPECTION_LIMITS.photosPerItemMax,
    tooManyPhotos: INSPECTION_MESSAGES.tooManyPhotos,
    photosTooLarge: INSPECTION_MESSAGES.photosTooLarge,
  });
}
