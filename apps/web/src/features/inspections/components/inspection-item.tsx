import { useEffect, useId, useRef, useState } from 'react';
import { INSPECTION_CONDITIONS, INSPECTION_LIMITS, INSPECTION_TEXT, LIMITS, PHOTO_ACCEPT, type InspectionCondition, type InspectionItem } from '@dealer/shared';
import { Camera, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { imageSrcSet, resolveImageUrl } from '@/lib/image-url';
import { useAddPhotos, useRemoveItem, useRemovePhoto, useUpdateItem } from '../api/inspection';

/** What the item's status line says: nothing yet, a write on its way, done, or why it was refused. */
type SaveState = { kind: 'idle' } | { kind: 'unsaved' } | { kind: 'saving'; text: string } | { kind: 'saved'; text: string } | { kind: 'error'; text: string };

/** The three conditions as the segmented control colours them when chosen. */
const CHOSEN: Record<InspectionCondition, string> = {
  Good: 'border-emerald-700 bg-emerald-700 text-white',
  'Needs attention soon': 'border-amber-500 bg-amber-300 text-slate-950',
  'Needs attention now': 'border-red-700 bg-red-700 text-white',
};

/** Notes are saved this long after the last key, and when the field is left. */
const NOTE_SAVE_DELAY_MS = 1200;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.errors ? Object.values(error.errors)[0] : undefined) || error.message || fallback : fallback;

/**
 * One item of the checklist on a phone: the three conditions as one row of big radio buttons, a note
 * saved as it is written, and photos taken with the camera. Each change is saved at once; the line
 * under the name says whether it is saved, on its way, or why not.
 */
export function InspectionItemCard({ jobId, item, editable }: { jobId: string; item: InspectionItem; editable: boolean }) {
  const id = useId();
  const update = useUpdateItem(jobId);
  const removeItem = useRemoveItem(jobId);
  const addPhotos = useAddPhotos(jobId);
  const removePhoto = useRemovePhoto(jobId);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [condition, setCondition] = useState<InspectionCondition | null>(item.condition);
  const [note, setNote] = useState(item.note ?? '');
  const sentNote = useRef(item.note ?? '');

  // The server's answer wins over what is shown unless the note is being written.
  useEffect(() => setCondition(item.condition), [item.condition]);
  useEffect(() => {
    if (note === sentNote.current) {
      setNote(item.note ?? '');
      sentNote.current = item.note ?? '';
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the server's note resets the draft
  }, [item.note]);

  const failed = (error: unknown, fallback: string) => setState({ kind: 'error', text: `Not saved: ${messageOf(error, fallback)}` });

  const chooseCondition = (next: InspectionCondition) => {
    const before = condition;
    setCondition(next);
    setState({ kind: 'saving', text: INSPECTION_TEXT.saving });
    update.mutate(
      { itemId: item._id, condition: next },
      {
        onSuccess: () => setState({ kind: 'saved', text: INSPECTION_TEXT.saved }),
        onError: (error) => {
          setCondition(before);
          failed(error, 'the condition could not be saved');
        },
      },
    );
  };

  const saveNote = () => {
    const text = note.trim();
    if (text === (item.note ?? '') || note === sentNote.current) return;
    sentNote.current = note;
    setState({ kind: 'saving', text: INSPECTION_TEXT.saving });
    update.mutate(
      { itemId: item._id, note: text },
      {
        onSuccess: () => setState({ kind: 'saved', text: INSPECTION_TEXT.saved }),
        onError: (error) => {
          sentNote.current = item.note ?? '';
          failed(error, 'the note could not be saved');
        },
      },
    );
  };

  // Saved a moment after the last key: a technician who pockets the phone loses nothing.
  useEffect(() => {
    if (!editable || note === sentNote.current) return;
    // Written back to what is saved: nothing to send.
    if (note.trim() === (item.note ?? '')) {
      sentNote.current = note;
      setState((current) => (current.kind === 'unsaved' ? { kind: 'saved', text: INSPECTION_TEXT.saved } : current));
      return;
    }
    setState({ kind: 'unsaved' });
    const timer = setTimeout(saveNote, NOTE_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saveNote reads the latest note
  }, [note]);

  const upload = (files: File[]) => {
    if (files.length === 0) return;
    if (files.some((file) => file.size > LIMITS.photoMaxBytes)) return setState({ kind: 'error', text: 'Not saved: each photo must be at most 10 MB' });
    setState({ kind: 'saving', text: files.length > 1 ? 'Uploading photos…' : 'Uploading photo…' });
    addPhotos.mutate(
      { itemId: item._id, files },
      { onSuccess: () => setState({ kind: 'saved', text: INSPECTION_TEXT.photoAdded }), onError: (error) => failed(error, 'the photo could not be uploaded') },
    );
  };

  const photosLeft = INSPECTION_LIMITS.photosPerItemMax - item.photos.length;
  const busy = update.isPending || addPhotos.isPending || removePhoto.isPending || removeItem.isPending;
  const status =
    state.kind === 'idle'
      ? item.condition || item.note || item.photos.length > 0
        ? INSPECTION_TEXT.saved
        : 'Not checked yet'
      : state.kind === 'unsaved'
        ? 'Unsaved changes'
        : state.text;

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid="inspection-item">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-name`} className="text-base font-semibold break-words text-slate-900">
            {item.label}
          </h2>
          <p
            className={cn('text-sm', state.kind === 'error' ? 'font-medium text-red-700' : state.kind === 'saved' || status === INSPECTION_TEXT.saved ? 'text-emerald-800' : 'text-slate-600')}
            role={state.kind === 'error' ? 'alert' : 'status'}
            data-testid="save-state"
          >
            {status}
          </p>
        </div>
        {item.free && editable && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-12 shrink-0 text-red-700"
            disabled={busy}
            onClick={() =>
              removeItem.mutate(item._id, { onError: (error) => failed(error, 'the item could not be removed') })
            }
          >
            <Trash2 aria-hidden />
            <span className="sr-only">Remove {item.label}</span>
          </Button>
        )}
      </div>

      <fieldset className="mt-3" disabled={!editable}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Condition</legend>
        <div className="grid grid-cols-3 gap-1.5">
          {INSPECTION_CONDITIONS.map((option) => (
            <label
              key={option}
              className={cn(
                'flex min-h-14 cursor-pointer items-center justify-center rounded-md border px-1.5 py-1 text-center text-sm leading-tight font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
                condition === option ? CHOSEN[option] : 'border-slate-300 bg-white text-slate-800',
                !editable && 'cursor-not-allowed opacity-80',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={`${id}-condition`}
                value={option}
                checked={condition === option}
                onChange={() => chooseCondition(option)}
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-3 grid gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
          Note<span className="sr-only"> on {item.label}</span>
        </label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          value={note}
          maxLength={INSPECTION_LIMITS.noteMax}
          readOnly={!editable}
          onChange={(event) => setNote(event.target.value)}
          onBlur={saveNote}
          className="text-base"
        />
      </div>

      <div className="mt-3 grid gap-2">
        {item.photos.length > 0 && (
          <ul className="grid grid-cols-3 gap-2" aria-label={`Photos of ${item.label}`}>
            {item.photos.map((photo, index) => (
              <li key={photo.key} className="relative">
                <img
                  src={resolveImageUrl(photo) ?? undefined}
                  srcSet={imageSrcSet(photo.sizes)}
                  sizes="120px"
                  alt={`Photo ${index + 1} of ${item.label}`}
                  className="aspect-[4/3] w-full rounded-md border border-slate-200 object-cover"
                  loading="lazy"
                />
                {editable && (
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    className="mt-1 h-10 w-full"
                    disabled={busy}
                    onClick={() => {
                      setState({ kind: 'saving', text: INSPECTION_TEXT.saving });
                      removePhoto.mutate(
                        { itemId: item._id, key: photo.key },
                        { onSuccess: () => setState({ kind: 'saved', text: INSPECTION_TEXT.photoRemoved }), onError: (error) => failed(error, 'the photo could not be removed') },
                      );
                    }}
                  >
                    Remove<span className="sr-only"> photo {index + 1} of {item.label}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {editable &&
          (photosLeft > 0 ? (
            <label
              className={cn(
                'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
                addPhotos.isPending && 'pointer-events-none opacity-60',
              )}
            >
              <Camera aria-hidden className="size-5" />
              {addPhotos.isPending ? 'Uploading…' : 'Add photo'}
              <span className="sr-only"> of {item.label}</span>
              <input
                type="file"
                accept={PHOTO_ACCEPT}
                capture="environment"
                multiple
                className="sr-only"
                disabled={addPhotos.isPending}
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  upload(files);
                }}
              />
            </label>
          ) : (
            <p className="text-sm text-slate-600">{INSPECTION_LIMITS.photosPerItemMax} photos: the most an item can have.</p>
          ))}
      </div>
    </li>
  );
}
