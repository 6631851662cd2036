import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CHECK_IN_PHOTOS_MAX, CHECKED_IN_TOAST, FUEL_LEVELS, LIMITS, NO_SHOW_TOAST, WORKSHOP_MESSAGES, formatNumber, type WorkshopJob } from '@dealer/shared';
import { PhotoFilesField } from '@/components/ui/photo-files-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCheckIn, useMarkNoShow } from '../api/job-actions';

type Field = 'odometer' | 'fuelLevel' | 'notes' | 'images';

/** What the browser can say before sending: the server says the rest (the last reading among it). */
function checkLocally(odometer: string, fuelLevel: string, photos: File[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (odometer.trim() === '') errors.odometer = WORKSHOP_MESSAGES.odometerRequired;
  else if (!/^\d+$/.test(odometer.trim())) errors.odometer = WORKSHOP_MESSAGES.odometerWhole;
  if (!fuelLevel) errors.fuelLevel = WORKSHOP_MESSAGES.fuelLevel;
  if (photos.length > CHECK_IN_PHOTOS_MAX) errors.images = WORKSHOP_MESSAGES.tooManyPhotos;
  else if (photos.some((file) => file.size > LIMITS.photoMaxBytes)) errors.images = 'Each photo must be at most 10 MB';
  return errors;
}

/**
 * The car's check-in: odometer (whole miles, not below its last reading), fuel level, notes and up to
 * ten photos of damage it came with. A job whose customer did not come is marked as a no-show here.
 */
export function CheckInForm({ job }: { job: WorkshopJob }) {
  const navigate = useNavigate();
  const checkIn = useCheckIn();
  const noShow = useMarkNoShow();
  const [odometer, setOdometer] = useState('');
  const [fuelLevel, setFuelLevel] = useState('');
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = checkLocally(odometer, fuelLevel, photos);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const form = new FormData();
    form.set('odometer', odometer.trim());
    form.set('fuelLevel', fuelLevel);
    if (notes.trim()) form.set('notes', notes.trim());
    for (const photo of photos) form.append('images', photo);
    checkIn.mutate(
      { id: job._id, form },
      {
        onSuccess: () => {
          toastSuccess(CHECKED_IN_TOAST, `${job.vehicle.registration}: ${job.specificService}`);
          void navigate(paths.admin.workshop);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors) setErrors(error.errors as Partial<Record<Field, string>>);
          else if (error instanceof ApiError && error.status === 413) setErrors({ images: error.message });
          else toastApiError(error, 'Failed to check the car in');
        },
      },
    );
  };

  const markNoShow = () =>
    noShow.mutate(job._id, {
      onSuccess: () => {
        toastSuccess(NO_SHOW_TOAST);
        void navigate(paths.admin.workshop);
      },
      onError: (error) => toastApiError(error, 'Failed to mark the job as a no-show'),
    });

  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-2" aria-label="Check-in">
      <FormField
        label="Odometer reading (miles)"
        error={errors.odometer}
        hint={job.lastOdometer !== null ? `Last recorded reading: ${formatNumber(job.lastOdometer)} miles` : undefined}
      >
        <Input inputMode="numeric" autoComplete="off" value={odometer} onChange={(event) => setOdometer(event.target.value)} required />
      </FormField>
      <FormField label="Fuel level" error={errors.fuelLevel}>
        <NativeSelect value={fuelLevel} onChange={(event) => setFuelLevel(event.target.value)} required>
          <option value="">Choose the fuel level</option>
          {FUEL_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Notes" error={errors.notes} hint="Anything the customer said at the counter, and what the car came in with.">
        <Textarea rows={3} value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={2000} />
      </FormField>
      <PhotoFilesField label="Photos of existing damage" error={errors.images} hint={`PNG or JPEG, up to ${CHECK_IN_PHOTOS_MAX} photos of at most 10 MB each.`} photos={photos} onChange={setPhotos} />
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Checking in…' : 'Check in'}
        </Button>
        <Button type="button" variant="outline" onClick={markNoShow} disabled={noShow.isPending}>
          Mark as no-show
        </Button>
      </div>
    </form>
  );
}
