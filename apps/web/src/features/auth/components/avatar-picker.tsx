import { Camera, UserRound, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { IMAGE_MIME_TYPES, LIMITS } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const ACCEPT = IMAGE_MIME_TYPES.join(',');
export const PICTURE_TYPE_MESSAGE = 'Please choose a PNG or JPEG image.';
export const PICTURE_SIZE_MESSAGE = 'The picture must be at most 5 MB.';

interface AvatarPickerProps {
  /** The picture already saved, if any. */
  currentUrl?: string | null;
  file: File | null;
  onChange(file: File | null): void;
  label?: string;
  chooseLabel?: string;
  disabled?: boolean;
  className?: string;
}

/** A round picture with a file picker: the chosen image shows at once (image files only, at most 5 MB). */
export function AvatarPicker({ currentUrl, file, onChange, label = 'Profile picture', chooseLabel, disabled, className }: AvatarPickerProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl ?? null;

  function pick(chosen: File | undefined) {
    if (!chosen) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(chosen.type)) {
      setError(PICTURE_TYPE_MESSAGE);
      return;
    }
    if (chosen.size > LIMITS.avatarMaxBytes) {
      setError(PICTURE_SIZE_MESSAGE);
      return;
    }
    setError(null);
    onChange(chosen);
  }

  return (
    <div className={cn('flex flex-col items-center gap-3 sm:flex-row sm:gap-5', className)}>
      <span className="relative inline-flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-brand-800 ring-4 ring-white shadow">
        {shown ? (
          <img src={shown} alt={file ? 'Selected profile picture' : 'Profile picture'} className="size-full object-cover" width={96} height={96} />
        ) : (
          <UserRound className="size-10" aria-hidden />
        )}
      </span>
      <div className="grid justify-items-center gap-2 sm:justify-items-start">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled}
          aria-describedby={messageId}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
            <Camera aria-hidden />
            {chooseLabel ?? (shown ? 'Change picture' : 'Choose picture')}
          </Button>
          {file && (
            <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
              <X aria-hidden />
              Remove
            </Button>
          )}
        </div>
        <p id={messageId} className={cn('text-xs', error ? 'text-red-700' : 'text-slate-600')} role={error ? 'alert' : undefined}>
          {error ?? 'PNG or JPEG, up to 5 MB.'}
        </p>
      </div>
    </div>
  );
}
