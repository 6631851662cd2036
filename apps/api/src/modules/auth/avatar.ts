import { LIMITS } from '@dealer/shared';
import { PayloadTooLargeError, UnsupportedMediaError } from '../../infra/errors';
import { imagePool } from '../../infra/image-pool';
import { sniffImage } from '../../infra/image-sniff';
import { loadSharp } from '../../infra/sharp';
import type { FileStorage } from '../../infra/storage';
import { randomToken } from '../../infra/tokens';

export const AVATAR_SIZE = 256;
/** Decompression bombs stop here: a 40-megapixel photo is bigger than any phone camera makes. */
const MAX_INPUT_PIXELS = 40_000_000;

export const AVATAR_MESSAGES = {
  tooLarge: `Profile picture must be at most ${LIMITS.avatarMaxBytes / (1024 * 1024)} MB`,
  oneOnly: 'Only one profile picture can be sent',
} as const;

/**
 * Checks an uploaded picture (PNG or JPEG by content, at most 5 MB) and turns it into a square
 * 256 px WebP with the orientation applied and every bit of metadata (GPS, camera) dropped.
 */
export async function prepareAvatar(data: Buffer): Promise<Buffer> {
  if (data.length > LIMITS.avatarMaxBytes) throw new PayloadTooLargeError(AVATAR_MESSAGES.tooLarge);
  if (!sniffImage(data)) throw new UnsupportedMediaError('Profile picture must be a PNG or JPEG image');
  // Through the image pool like listing photos: anyone can register, so decoding must not take every core.
  return imagePool.run(async () => {
    const sharp = await loadSharp();
    try {
      return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new UnsupportedMediaError('The picture could not be read. Please choose another PNG or JPEG image.');
    }
  });
}

/** A fresh, unguessable avatar key that says nothing about whose picture it is (its URL is public). */
export const newAvatarKey = () => `avatars/${randomToken(16)}.webp`;

/** Stores a prepared avatar under a new key and returns the key. */
export async function storeAvatar(storage: FileStorage, webp: Buffer): Promise<string> {
  const key = newAvatarKey();
  await storage.put(key, webp);
  return key;
}
