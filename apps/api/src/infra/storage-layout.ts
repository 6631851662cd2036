import { UUID_PATTERN } from './uuid';

/**
 * The keys the application itself writes, and so the only files there are to serve or to restore:
 *   vehicles/<vehicle id>/<photo key>-<width>.webp   listing photos (infra/images.ts)
 *   check-ins/<appointment id>/<key>-<width>.webp    photos of a car's damage at check-in (same pipeline)
 *   trade-ins/<trade-in id>/<key>-<width>.webp       photos of a customer's car offered in part exchange (same pipeline)
 *   inspections/<appointment id>/<key>-<width>.webp  photos of a finding at the job's inspection (same pipeline)
 *   avatars/<random>.webp                            profile pictures (modules/auth/avatar.ts)
 *   avatars/<user id>/<random>.webp                  profile pictures stored before the key stopped
 *                                                    naming the account; moved at start-up
 * Anything else under the uploads folder (a page, a script, a link) was not written by the
 * application: it is never served, and a restore refuses it.
 */
const VEHICLE_PHOTO = new RegExp(`^(vehicles|check-ins|trade-ins|inspections)/${UUID_PATTERN}/[0-9a-f]{24}-[1-9][0-9]{0,4}\\.webp$`);
/** randomToken's base64url, 16 bytes (22 characters) or more. */
const AVATAR = /^avatars\/[A-Za-z0-9_-]{22,64}\.webp$/;
/** The old layout: randomToken(12) (16 characters) in a folder named after the account. */
export const LEGACY_AVATAR = new RegExp(`^avatars/(${UUID_PATTERN})/[A-Za-z0-9_-]{16}\\.webp$`);
/** The folders of the layout, for a restore: `vehicles`, `vehicles/<id>`, `check-ins`, `check-ins/<id>`, `trade-ins`, `trade-ins/<id>`, `inspections`, `inspections/<id>`, `avatars`, `avatars/<user id>`. */
const FOLDER = new RegExp(`^(vehicles|check-ins|trade-ins|inspections|avatars)(/${UUID_PATTERN})?$`);

/** True for a key the application writes: a WebP photo or avatar. */
export const isImageKey = (key: string): boolean => VEHICLE_PHOTO.test(key) || AVATAR.test(key) || LEGACY_AVATAR.test(key);

export const isLayoutFolder = (key: string): boolean => FOLDER.test(key);

/** A WebP file by its content: RIFF, a length, WEBP. */
export const isWebp = (head: Uint8Array): boolean =>
  head.length >= 12 && Buffer.from(head.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(head.subarray(8, 12)).toString('latin1') === 'WEBP';
