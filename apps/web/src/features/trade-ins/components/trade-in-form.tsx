import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  LIMITS,
  TRADE_IN_CONDITIONS,
  TRADE_IN_CONDITION_FIELDS,
  TRADE_IN_MESSAGES,
  TRADE_IN_PHOTOS_MAX,
  tradeInCreateSchema,
  type TradeIn,
  type TradeInCreateInput,
} from '@dealer/shared';
import { PhotoFilesField } from '@/components/ui/photo-files-field';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { formErrorHandler } from '@/lib/server-field-errors';
import { useSubmitTradeIn } from '../api/my-trade-ins';

const FIELDS = ['vin', 'registration', 'make', 'model', 'year', 'mileage', ...TRADE_IN_CONDITION_FIELDS, 'notes'] as const;

function photoProblem(photos: File[]): string | undefined {
  if (photos.length > TRADE_IN_PHOTOS_MAX) return TRADE_IN_MESSAGES.tooManyPhotos;
  if (photos.some((file) => file.size > LIMITS.photoMaxBytes)) return 'Each photo must be at most 10 MB';
  return undefined;
}

/**
 * 'Value my trade-in': what names the car (VIN or registration), make, model, year, mileage, the
 * condition questions and up to 10 photos. `vehicleId` is the car on sale whose page it is sent from.
 */
export function TradeInForm({ vehicleId, onSent }: { vehicleId?: string; onSent(tradeIn: TradeIn): void }) {
  const mutation = useSubmitTradeIn();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TradeInCreateInput>({ resolver: zodResolver(tradeInCreateSchema) });

  const onSubmit = handleSubmit(
    (values) => {
      const problem = photoProblem(photos);
      setPhotoError(problem);
      if (problem) return;
      const form = new FormData();
      for (const [name, value] of Object.entries(values))
        if (value !== undefined && value !== '') form.append(name, String(value));
      if (vehicleId) form.append('vehicleId', vehicleId);
      for (const photo of photos) form.append('images', photo);
      mutation.mutate(form, {
        onSuccess: onSent,
        onError: (error) => {
          if (error instanceof ApiError && (error.errors?.images || error.status === 413 || error.status === 415))
            setPhotoError(error.errors?.images ?? error.message);
          formErrorHandler(FIELDS, setError, 'Your trade-in could not be sent')(error);
        },
      });
    },
    () => setPhotoError(photoProblem(photos)),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Value my trade-in">
      <p className="text-sm text-slate-700">Enter the VIN or the registration plate: one of the two is enough.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="VIN" error={errors.vin?.message} hint="17 characters">
          <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('vin')} />
        </FormField>
        <FormField label="Registration plate" error={errors.registration?.message}>
          <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('registration')} />
        </FormField>
        <FormField label="Make" error={errors.make?.message}>
          <Input autoComplete="off" {...register('make')} />
        </FormField>
        <FormField label="Model" error={errors.model?.message}>
          <Input autoComplete="off" {...register('model')} />
        </FormField>
        <FormField label="Year" error={errors.year?.message}>
          <Input inputMode="numeric" autoComplete="off" {...register('year')} />
        </FormField>
        <FormField label="Mileage (miles)" error={errors.mileage?.message}>
          <Input inputMode="numeric" autoComplete="off" {...register('mileage')} />
        </FormField>
        {TRADE_IN_CONDITION_FIELDS.map((field) => (
          <FormField key={field} label={TRADE_IN_CONDITIONS[field].label} error={errors[field]?.message}>
            <NativeSelect defaultValue="" {...register(field)}>
              <option value="">Choose an answer</option>
              {Object.entries(TRADE_IN_CONDITIONS[field].answers).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ))}
      </div>
      <FormField label="Anything else we should know? (optional)" error={errors.notes?.message}>
        <Textarea rows={3} maxLength={2000} {...register('notes')} />
      </FormField>
      <PhotoFilesField
        label="Photos (optional)"
        error={photoError}
        hint={`PNG or JPEG, up to ${TRADE_IN_PHOTOS_MAX} photos of at most 10 MB each.`}
        photos={photos}
        onChange={setPhotos}
      />
      <SubmitButton size="lg" className="mt-1 w-full sm:w-auto sm:justify-self-start" pending={mutation.isPending}>
        Send for valuation
      </SubmitButton>
    </form>
  );
}
