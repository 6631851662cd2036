import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, Lightbulb, Star, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { IMAGE_MIME_TYPES, LIMITS, PHOTO_ACCEPT, type VehicleImage } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { VehiclePhoto } from '../vehicle-photo';
import { moveAnnouncement, type PhotoItem } from './photo-order';

const MAX_MB = Math.round(LIMITS.photoMaxBytes / (1024 * 1024));

function isPngOrJpeg(file: File): boolean {
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return true;
  return !file.type && /\.(png|jpe?g)$/i.test(file.name);
}

/** Splits chosen files into acceptable photos and the reasons the others were refused. */
export function screenPhotos(files: File[], alreadyChosen: number): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!isPngOrJpeg(file)) problems.push(`"${file.name}" is not a PNG or JPEG image.`);
    else if (file.size > LIMITS.photoMaxBytes) problems.push(`"${file.name}" is larger than ${MAX_MB}MB.`);
    else if (alreadyChosen + accepted.length >= LIMITS.photosPerListing) {
      problems.push(`A listing can have at most ${LIMITS.photosPerListing} photos; "${file.name}" was not added.`);
    } else accepted.push(file);
  }
  return { accepted, problems };
}

interface PhotoPickerProps {
  /** Every photo in display order; the first is the cover. */
  photos: readonly PhotoItem[];
  onAdd(files: File[]): void;
  onRemove(id: string): void;
  onMove(from: number, to: number): void;
  disabled?: boolean;
}

type PhotoAction = 'left' | 'right' | 'cover';

/**
 * Step 3: choose PNG/JPEG photos (10MB each), see previews, remove any, and choose the cover and
 * the order with the arrow and cover buttons or by dragging a photo onto another's place.
 */
export function PhotoPicker({ photos, onAdd, onRemove, onMove, disabled }: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const orderHintId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragId, setDragId] = useState<string | null>(null);
  // The photo being dragged, readable by the next drag event at once: the state above only styles the
  // tiles, and a fast drop (or a busy main thread) can arrive before React has rendered it.
  const draggedPhoto = useRef<string | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // After a button moves a photo, focus follows that photo (to the same button while it still applies).
  const refocus = useRef<{ id: string; action: PhotoAction } | null>(null);
  const count = photos.length;

  useEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current) return;
    refocus.current = null;
    const tile = [...listRef.current.querySelectorAll<HTMLElement>('[data-photo-id]')].find(
      (el) => el.dataset.photoId === target.id,
    );
    const same = tile?.querySelector<HTMLButtonElement>(`button[data-action="${target.action}"]:not(:disabled)`);
    (same ?? tile?.querySelector<HTMLButtonElement>('button[data-action]:not(:disabled)'))?.focus();
  }, [photos]);

  const take = (files: File[]) => {
    const result = screenPhotos(files, count);
    setProblems(result.problems);
    if (result.accepted.length) onAdd(result.accepted);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(Array.from(e.dataTransfer.files));
  };

  const move = (from: number, to: number, action?: PhotoAction) => {
    if (disabled || to < 0 || to >= count || from === to) return;
    if (action) refocus.current = { id: photos[from]!.id, action };
    onMove(from, to);
    setAnnouncement(to === 0 ? `${moveAnnouncement(from, to)}, the cover` : moveAnnouncement(from, to));
  };
  const endDrag = () => {
    draggedPhoto.current = null;
    setDragId(null);
    setOverIndex(null);
  };

  return (
    <div className="grid gap-5">
      <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        <Lightbulb className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          Listings with photos receive up to 5x more inquiries. We recommend adding at least {LIMITS.recommendedPhotos} photos:
          the outside from several angles, the interior and the dashboard. The first photo is the cover.
        </p>
      </div>

      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          // A photo of the list dragged here is not a new file.
          if (draggedPhoto.current) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-500 hover:bg-slate-50',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        <ImagePlus className="size-10 text-brand-700" aria-hidden />
        <span className="font-semibold text-slate-900">Click to upload photos</span>
        <span id={hintId} className="text-sm text-slate-600">
          PNG, JPEG or JPG, up to {MAX_MB}MB each, at most {LIMITS.photosPerListing} photos
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={disabled}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(e) => {
            take(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </label>

      {problems.length > 0 && (
        <ul role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}

      <div>
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {count === 0 ? 'No photos added yet.' : `${count} ${count === 1 ? 'photo' : 'photos'} selected`}
          {count > 0 &&
            count < LIMITS.recommendedPhotos &&
            ` (add ${LIMITS.recommendedPhotos - count} more for the best results)`}
        </p>
        {count > 1 && (
          <p id={orderHintId} className="mt-1 text-sm text-slate-600">
            Drag a photo to a new place, or use its arrow buttons. The star makes a photo the cover.
          </p>
        )}
        <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="photo-order-status">
          {announcement}
        </p>
        {count > 0 && (
          <ul
            ref={listRef}
            className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            aria-label="Selected photos"
            aria-describedby={count > 1 ? orderHintId : undefined}
          >
            {photos.map((photo, i) => {
              const n = i + 1;
              const image = photo.kind === 'existing' ? (photo.image as VehicleImage | string) : photo.previewUrl;
              return (
                <li
                  key={photo.id}
                  data-photo-id={photo.id}
                  data-testid="photo-preview"
                  draggable={!disabled && count > 1}
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    // Some browsers start a drag only when it carries data.
                    e.dataTransfer.setData('text/plain', `Photo ${n}`);
                    draggedPhoto.current = photo.id;
                    setDragId(photo.id);
                  }}
                  onDragOver={(e) => {
                    if (!draggedPhoto.current) return;
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                    if (overIndex !== i) setOverIndex(i);
                  }}
                  onDrop={(e) => {
                    const draggedId = draggedPhoto.current;
                    if (!draggedId) return;
                    e.preventDefault();
                    const from = photos.findIndex((p) => p.id === draggedId);
                    endDrag();
                    if (from >= 0) move(from, i);
                  }}
                  onDragEnd={endDrag}
                  className={cn(
                    'flex flex-col overflow-hidden rounded-md border border-slate-200 bg-white',
                    count > 1 && !disabled && 'cursor-grab active:cursor-grabbing',
                    dragId === photo.id && 'opacity-50',
                    dragId && overIndex === i && dragId !== photo.id && 'ring-2 ring-brand-600 ring-offset-2',
                  )}
                >
                  <div className="relative aspect-[4/3] bg-slate-100">
                    <VehiclePhoto image={image} alt={`Photo ${n}`} sizes="240px" preferredWidth={320} className="size-full" />
                    {i === 0 && (
                      <span className="absolute bottom-1.5 left-1.5 inline-flex items-center gap-1 rounded bg-slate-900/85 px-2 py-0.5 text-xs font-medium text-white">
                        <Star className="size-3 fill-current" aria-hidden />
                        Cover
                      </span>
                    )}
                    {count > 1 && !disabled && (
                      <GripVertical
                        className="absolute top-1.5 left-1.5 size-6 rounded bg-white/90 p-0.5 text-slate-700 shadow"
                        aria-hidden
                      />
                    )}
                    <button
                      type="button"
                      onClick={() => onRemove(photo.id)}
                      disabled={disabled}
                      aria-label={`Remove photo ${n}`}
                      className="absolute top-1.5 right-1.5 inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-red-50 hover:text-red-700"
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </div>
                  {count > 1 && (
                    <div className="flex items-center justify-between gap-1 border-t border-slate-200 p-1">
                      <OrderButton
                        action="left"
                        label={`Move photo ${n} left`}
                        title="Move left"
                        disabled={disabled || i === 0}
                        onClick={() => move(i, i - 1, 'left')}
                      >
                        <ChevronLeft aria-hidden />
                      </OrderButton>
                      <OrderButton
                        action="cover"
                        label={i === 0 ? `Photo ${n} is the cover` : `Make photo ${n} the cover`}
                        title={i === 0 ? 'Cover photo' : 'Make cover'}
                        disabled={disabled || i === 0}
                        onClick={() => move(i, 0, 'cover')}
                      >
                        <Star className={cn(i === 0 && 'fill-current text-amber-500')} aria-hidden />
                      </OrderButton>
                      <OrderButton
                        action="right"
                        label={`Move photo ${n} right`}
                        title="Move right"
                        disabled={disabled || i === count - 1}
                        onClick={() => move(i, i + 1, 'right')}
                      >
                        <ChevronRight aria-hidden />
                      </OrderButton>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

function OrderButton({
  action,
  label,
  title,
  disabled,
  onClick,
  children,
}: {
  action: PhotoAction;
  label: string;
  title: string;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-action={action}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent [&_svg]:size-5',
        // The cover's own star is a marker, not a faded control.
        action === 'cover' && 'disabled:opacity-100',
      )}
    >
      {children}
    </button>
  );
}
