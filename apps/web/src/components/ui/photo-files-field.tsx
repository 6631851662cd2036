import { PHOTO_ACCEPT } from '@dealer/shared';
import { Button } from './button';
import { FormField } from './form-field';
import { Input } from './input';

interface PhotoFilesFieldProps {
  label: string;
  error?: string;
  hint?: string;
  photos: File[];
  onChange(photos: File[]): void;
}

/** A file input that adds PNG or JPEG photos to a list, each removable by name, for forms sent with their photos. */
export function PhotoFilesField({ label, error, hint, photos, onChange }: PhotoFilesFieldProps) {
  return (
    <>
      <FormField label={label} error={error} hint={hint}>
        <Input
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          onChange={(event) => {
            onChange([...photos, ...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </FormField>
      {photos.length > 0 && (
        <ul className="grid gap-1" aria-label="Chosen photos">
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${index}`} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-3 py-1.5 text-sm">
              <span className="truncate">{photo.name}</span>
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(photos.filter((_, i) => i !== index))}>
                Remove<span className="sr-only"> {photo.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
