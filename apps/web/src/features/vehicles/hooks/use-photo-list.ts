import { useCallback, useEffect, useRef, useState } from 'react';
import type { VehicleImage } from '@dealer/shared';
import { movePhoto, type PhotoItem } from '../components/vehicle-form/photo-order';

let photoSeq = 0;
const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';
const release = (item: PhotoItem) => {
  if (item.kind === 'new' && item.previewUrl) URL.revokeObjectURL?.(item.previewUrl);
};

/**
 * The wizard's photos in display order (the first is the cover): the listing's own, then files as
 * they are chosen. New files' previews are object URLs, released when removed or when the form goes.
 */
export function usePhotoList(initial: readonly VehicleImage[] = []) {
  const [photos, setPhotos] = useState<PhotoItem[]>(() =>
    initial.map((image) => ({ id: image.key, kind: 'existing' as const, image })),
  );

  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  useEffect(() => () => latest.current.forEach(release), []);

  const add = useCallback((files: File[]) => {
    const added = files.map((file): PhotoItem => {
      photoSeq += 1;
      return { id: `new-${photoSeq}`, kind: 'new', file, previewUrl: canPreview() ? URL.createObjectURL(file) : '' };
    });
    setPhotos((list) => [...list, ...added]);
  }, []);

  // Removing drops an existing photo if it is among the existing, else the new file and its preview.
  const remove = useCallback((id: string) => {
    setPhotos((list) => {
      const gone = list.find((p) => p.id === id);
      if (gone) release(gone);
      return list.filter((p) => p.id !== id);
    });
  }, []);

  const move = useCallback((from: number, to: number) => setPhotos((list) => movePhoto(list, from, to)), []);

  /** Empties the list (after a create), releasing every preview. */
  const clear = useCallback(() => {
    setPhotos((list) => {
      list.forEach(release);
      return [];
    });
  }, []);

  return { photos, add, remove, move, clear };
}
