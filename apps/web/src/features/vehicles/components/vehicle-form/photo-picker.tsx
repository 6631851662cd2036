import { ImagePlus, Lightbulb, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { IMAGE_MIME_TYPES, LIMITS, PHOTO_ACCEPT, type VehicleImage } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { VehiclePhoto } from '../vehicle-photo';

export interface PendingPhoto {
  id: string;
  file: File;
  previewUrl: string;
}

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
  existing: VehicleImage[];
  pending: PendingPhoto[];
  onAdd(files: File[]): void;
  onRemoveExisting(key: string): void;
  onRemovePending(id: string): void;
  disabled?: boolean;
}

/** Step 3: choose PNG/JPEG photos (10MB each), see previews, remove any; the first is the cover. */
export function PhotoPicker({ existing, pending, onAdd, onRemoveExisting, onRemovePending, disabled }: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const count = existing.length + pending.length;

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

  const previews = [
    ...existing.map((image) => ({
      id: image.key,
      image: image as VehicleImage | string,
      remove: () => onRemoveExisting(image.key),
    })),
    ...pending.map((p) => ({ id: p.id, image: p.previewUrl as VehicleImage | string, remove: () => onRemovePending(p.id) })),
  ];

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
        <p className="mb-3 text-sm font-medium text-slate-800" aria-live="polite">
          {count === 0 ? 'No photos added yet.' : `${count} ${count === 1 ? 'photo' : 'photos'} selected`}
          {count > 0 &&
            count < LIMITS.recommendedPhotos &&
            ` (add ${LIMITS.recommendedPhotos - count} more for the best results)`}
        </p>
        {previews.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Selected photos">
            {previews.map((preview, i) => (
              <li
                key={preview.id}
                className="relative aspect-[4/3] overflow-hidden rounded-md border border-slate-200 bg-slate-100"
                data-testid="photo-preview"
              >
                <VehiclePhoto
                  image={preview.image}
                  alt={`Photo ${i + 1}`}
                  sizes="240px"
                  preferredWidth={320}
                  className="size-full"
                />
                {i === 0 && (
                  <span className="absolute bottom-1.5 left-1.5 rounded bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">
                    Cover
                  </span>
                )}
                <button
                  type="button"
                  onClick={preview.remove}
                  disabled={disabled}
                  aria-label={`Remove photo ${i + 1}`}
                  className="absolute top-1.5 right-1.5 inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-red-50 hover:text-red-700"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
