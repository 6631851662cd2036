import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PUBLIC_VEHICLE_STATUSES, VEHICLE_FIELDS, type Vehicle, type VehicleFieldName, type VehicleFields } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCreateVehicle } from '../../api/create-vehicle';
import { useUpdateVehicle } from '../../api/update-vehicle';
import type { usePhotoList } from '../../hooks/use-photo-list';
import { changedFields, toFormValues, type VehicleFormValues } from './form-values';
import { photoSubmission } from './photo-order';

const PENDING_REVIEW = 'Your listing is awaiting review and will be visible to buyers once our team approves it.';
const BACK_TO_REVIEW =
  'Your changes are awaiting review: the listing is hidden from buyers until our team approves them.';

/** What the listing wizard's caller says about sending it. */
export interface ListingSubmitProps {
  mode: 'create' | 'edit';
  /** The listing being edited (its fields and photos prefill the wizard). */
  initialValues?: Vehicle;
  /**
   * Replaces the built-in create/update call. Receives the validated values, the new files, the keys
   * of the kept existing photos (in order), a progress callback for the upload bar and, when new
   * files sit before kept photos, the full photo order. Throw to fail.
   */
  onSubmitOverride?: (
    values: VehicleFields,
    newFiles: File[],
    existingImageKeys: string[],
    onUploadProgress: (fraction: number) => void,
    photoOrder?: string[],
  ) => Promise<Vehicle | void>;
  /** Called after the success toast; without it a create goes to the vehicle sales route and an edit to My Vehicles. */
  onSuccess?: (vehicle: Vehicle | undefined) => void;
}

interface SubmitListingOptions extends ListingSubmitProps {
  form: UseFormReturn<VehicleFormValues, unknown, VehicleFields>;
  photoList: ReturnType<typeof usePhotoList>;
  /** After a create: the wizard back at its first step. */
  restart(): void;
  /** The server refused fields: the wizard shows the step holding the first of them. */
  showField(field: VehicleFieldName): void;
}

/**
 * Sends the listing (create or update, or the caller's override) with its photos, and says how it
 * went: a toast, the upload bar's progress, the server's messages on their fields.
 */
export function useSubmitListing({ mode, initialValues, onSubmitOverride, onSuccess, form, photoList, restart, showField }: SubmitListingOptions) {
  const navigate = useNavigate();
  const createVehicle = useCreateVehicle();
  const updateVehicle = useUpdateVehicle();
  const [progress, setProgress] = useState<number | null>(null);

  async function submit(values: VehicleFields) {
    const { newFiles, existingImageKeys, photoOrder } = photoSubmission(photoList.photos);
    setProgress(0);
    try {
      let vehicle: Vehicle | undefined;
      if (onSubmitOverride) {
        vehicle = (await onSubmitOverride(values, newFiles, existingImageKeys, setProgress, photoOrder)) ?? undefined;
      } else if (mode === 'create') {
        vehicle = await createVehicle.mutateAsync({ values, newFiles, onUploadProgress: setProgress });
      } else {
        if (!initialValues) throw new Error('Editing needs the vehicle in initialValues');
        vehicle = await updateVehicle.mutateAsync({
          id: initialValues._id,
          values,
          newFiles,
          existingImageKeys,
          photoOrder,
          // Untouched fields are not sent; an emptied one is sent empty so the server clears it.
          changedFields: changedFields(form.getValues(), toFormValues(initialValues)),
          onUploadProgress: setProgress,
        });
      }

      if (mode === 'create') {
        toastSuccess('Vehicle created successfully!', vehicle?.status === 'pending' ? PENDING_REVIEW : undefined);
        photoList.clear();
        form.reset(toFormValues());
        restart();
      } else {
        const wasPublic = (PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(initialValues?.status ?? '');
        const review = vehicle?.status === 'pending' ? (wasPublic ? BACK_TO_REVIEW : PENDING_REVIEW) : undefined;
        toastSuccess('Vehicle updated successfully!', review);
      }
      if (onSuccess) onSuccess(vehicle);
      else void navigate(mode === 'create' ? paths.vehicleSales : paths.myVehicles);
    } catch (error) {
      // A failed submit logs 'Error submitting form' as a warning, so the failure is visible without being an app error.
      console.warn('Error submitting form', error);
      toastApiError(error, mode === 'create' ? 'Failed to create vehicle listing' : 'Failed to update vehicle listing');
      if (error instanceof ApiError && error.errors) showServerErrors(error.errors);
    } finally {
      setProgress(null);
    }
  }

  function showServerErrors(errors: Record<string, string>) {
    const fields = Object.keys(errors).filter((field): field is VehicleFieldName => (VEHICLE_FIELDS as readonly string[]).includes(field));
    for (const field of fields) form.setError(field, { type: 'server', message: errors[field] });
    if (fields[0]) showField(fields[0]);
  }

  return { submit, progress };
}
