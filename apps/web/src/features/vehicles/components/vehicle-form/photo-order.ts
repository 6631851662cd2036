import { newPhotoRef, type VehicleImage } from '@dealer/shared';

/** A photo in the wizard: one the listing already has, or a file chosen in this visit. */
export type PhotoItem =
  { id: string; kind: 'existing'; image: VehicleImage } | { id: string; kind: 'new'; file: File; previewUrl: string };

/** The list with the photo at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function movePhoto<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** What a screen reader hears after a move; photos are numbered from 1 as on screen. */
export function moveAnnouncement(from: number, to: number): string {
  return `Photo ${from + 1} moved to position ${to + 1}`;
}

/**
 * The photos as the API takes them: new files and kept photos' keys, each in display order, and the
 * full order (kept photos by key, new files as `new:<n>`, cover first) when the server's default
 * (kept photos first, then new files) would not give the order on screen.
 */
export function photoSubmission(items: readonly PhotoItem[]): {
  newFiles: File[];
  existingImageKeys: string[];
  photoOrder: string[] | undefined;
} {
  const newFiles: File[] = [];
  const existingImageKeys: string[] = [];
  const photoOrder: string[] = [];
  for (const item of items) {
    if (item.kind === 'existing') {
      existingImageKeys.push(item.image.key);
      photoOrder.push(item.image.key);
    } else {
      photoOrder.push(newPhotoRef(newFiles.length));
      newFiles.push(item.file);
    }
  }
  const lastExisting = items.findLastIndex((item) => item.kind === 'existing');
  const newBeforeExisting = items.slice(0, Math.max(0, lastExisting)).some((item) => item.kind === 'new');
  return { newFiles, existingImageKeys, photoOrder: newBeforeExisting ? photoOrder : undefined };
}
