import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft, ChevronRight, Send, ShieldCheck } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  CONDITIONS,
  FUEL_TYPES,
  LIMITS,
  PUBLIC_VEHICLE_STATUSES,
  TRANSMISSIONS,
  currentYear,
  vehicleFieldsSchema,
  type Vehicle,
  type VehicleFields,
} from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCreateVehicle } from '../../api/create-vehicle';
import { useUpdateVehicle } from '../../api/update-vehicle';
import { STEP_FIELDS, WIZARD_STEPS, stepOfField, toFormValues, type VehicleFormValues, type WizardStep } from './form-values';
import { usePhotoList } from '../../hooks/use-photo-list';
import { photoSubmission } from './photo-order';
import { PhotoPicker } from './photo-picker';

export interface VehicleFormProps {
  mode: 'create' | 'edit';
  /** The listing being edited (its fields and photos prefill the wizard). */
  initialValues?: Vehicle;
  initialStep?: WizardStep;
  /** Where Cancel on step 1 goes; the vehicle sales route unless told otherwise. */
  cancelHref?: string;
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

const PENDING_REVIEW = 'Your listing is awaiting review and will be visible to buyers once our team approves it.';
const BACK_TO_REVIEW =
  'Your changes are awaiting review: the listing is hidden from buyers until our team approves them.';

/** The fields whose text differs from the listing as loaded (trimmed): the ones an edit sends. */
function changedFields(values: VehicleFormValues, initial: VehicleFormValues): (keyof VehicleFormValues)[] {
  return (Object.keys(initial) as (keyof VehicleFormValues)[]).filter((k) => values[k].trim() !== initial[k].trim());
}

/**
 * The four-step listing wizard, for creating and editing: Basic Info, Vehicle Details,
 * Photos, Contact Info. Each step's fields are checked before Next; Submit checks them all.
 */
export function VehicleForm({ mode, initialValues, initialStep = 1, cancelHref, onSubmitOverride, onSuccess }: VehicleFormProps) {
  const navigate = useNavigate();
  const createVehicle = useCreateVehicle();
  const updateVehicle = useUpdateVehicle();
  const [step, setStep] = useState<WizardStep>(initialStep);
  const photoList = usePhotoList(initialValues?.images);
  const [progress, setProgress] = useState<number | null>(null);

  const {
    register,
    handleSubmit,
    trigger,
    reset,
    getValues,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<VehicleFormValues, unknown, VehicleFields>({
    defaultValues: toFormValues(initialValues),
    resolver: zodResolver(vehicleFieldsSchema) as unknown as Resolver<VehicleFormValues, unknown, VehicleFields>,
    mode: 'onTouched',
  });

  const goTo = useCallback((next: WizardStep) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  }, []);

  const next = async () => {
    const fields = STEP_FIELDS[step];
    const valid = fields.length === 0 || (await trigger(fields, { shouldFocus: true }));
    if (valid && step < 4) goTo((step + 1) as WizardStep);
  };

  const onInvalid = (fieldErrors: FieldErrors<VehicleFormValues>) => {
    const first = Object.keys(fieldErrors)[0];
    const target = first ? stepOfField(first) : undefined;
    if (target && target !== step) setStep(target);
    if (first) setTimeout(() => setFocus(first as keyof VehicleFormValues), 0);
  };

  const onValid = async (values: VehicleFields) => {
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
          changedFields: changedFields(getValues(), toFormValues(initialValues)),
          onUploadProgress: setProgress,
        });
      }

      if (mode === 'create') {
        toastSuccess('Vehicle created successfully!', vehicle?.status === 'pending' ? PENDING_REVIEW : undefined);
        photoList.clear();
        reset(toFormValues());
        setStep(1);
      } else {
        const wasPublic = (PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(initialValues?.status ?? '');
        const review = vehicle?.status === 'pending' ? (wasPublic ? BACK_TO_REVIEW : PENDING_REVIEW) : undefined;
        toastSuccess('Vehicle updated successfully!', review);
      }
      if (onSuccess) onSuccess(vehicle);
      else navigate(mode === 'create' ? paths.vehicleSales : paths.myVehicles);
    } catch (error) {
      // A failed submit logs 'Error submitting form' as a warning, so the failure is visible without being an app error.
      console.warn('Error submitting form', error);
      toastApiError(error, mode === 'create' ? 'Failed to create vehicle listing' : 'Failed to update vehicle listing');
      if (error instanceof ApiError && error.errors) {
        let firstStep: WizardStep | undefined;
        for (const [field, message] of Object.entries(error.errors)) {
          const fieldStep = stepOfField(field);
          if (!fieldStep) continue;
          setError(field as keyof VehicleFormValues, { type: 'server', message });
          firstStep ??= fieldStep;
        }
        if (firstStep) setStep(firstStep);
      }
    } finally {
      setProgress(null);
    }
  };

  const submitting = isSubmitting;
  const year = currentYear();
  const err = (name: keyof VehicleFormValues) => errors[name]?.message;

  return (
    <div>
      <form
        noValidate
        aria-label={mode === 'create' ? 'Create vehicle listing' : 'Edit vehicle listing'}
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in a field moves on like Next until the last step.
          if (step < 4) void next();
          else void handleSubmit(onValid, onInvalid)(e);
        }}
      >
        <Tabs.Root value={String(step)} onValueChange={(value) => setStep(Number(value) as WizardStep)} activationMode="manual">
          <Tabs.List aria-label="Listing steps" className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1">
            {WIZARD_STEPS.map((s) => {
              const hasError = STEP_FIELDS[s.step].some((f) => errors[f]);
              return (
                <Tabs.Trigger
                  key={s.step}
                  value={String(s.step)}
                  className={cn(
                    'flex min-h-12 flex-col items-center justify-center gap-1 rounded-md px-1 py-2 text-xs font-medium text-slate-600 sm:flex-row sm:gap-2 sm:text-sm',
                    'hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm',
                  )}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                      hasError
                        ? 'bg-red-600 text-white'
                        : s.step === step
                          ? 'bg-brand-700 text-white'
                          : s.step < step
                            ? 'bg-brand-100 text-brand-800'
                            : 'bg-slate-300 text-slate-700',
                    )}
                  >
                    {s.step}
                  </span>
                  <span className="text-center leading-tight">
                    <span className="sr-only">Step {s.step}: </span>
                    {s.tab}
                  </span>
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>

          <div className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <Tabs.Content value="1" className="grid gap-5 focus-visible:outline-none">
              <StepHeading step={1} />
              <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
                <FormField label="Make" error={err('make')}>
                  <Input {...register('make')} placeholder="e.g. Toyota" autoComplete="off" />
                </FormField>
                <FormField label="Model" error={err('model')}>
                  <Input {...register('model')} placeholder="e.g. Camry" autoComplete="off" />
                </FormField>
                <FormField label="Year" error={err('year')} hint={`${LIMITS.vehicleYearMin} to ${year}`}>
                  <Input
                    {...register('year')}
                    type="number"
                    inputMode="numeric"
                    min={LIMITS.vehicleYearMin}
                    max={year}
                    step={1}
                    placeholder={String(year)}
                  />
                </FormField>
                <FormField label="Price ($)" error={err('price')}>
                  <Input {...register('price')} type="number" inputMode="decimal" min={0} step="any" placeholder="e.g. 25000" />
                </FormField>
                <FormField
                  label="Listing Title"
                  error={err('title')}
                  hint="A short headline buyers see first, e.g. “2019 Toyota Camry SE, one owner”."
                  className="sm:col-span-2"
                >
                  <Input {...register('title')} maxLength={120} placeholder="e.g. 2019 Toyota Camry SE, one owner" />
                </FormField>
              </div>
            </Tabs.Content>

            <Tabs.Content value="2" className="grid gap-5 focus-visible:outline-none">
              <StepHeading step={2} />
              <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
                <FormField label="Mileage (mi)" error={err('mileage')}>
                  <Input {...register('mileage')} type="number" inputMode="numeric" min={0} step={1} placeholder="e.g. 42000" />
                </FormField>
                <FormField label="Transmission" error={err('transmission')}>
                  <NativeSelect {...register('transmission')}>
                    <option value="">Select transmission</option>
                    {TRANSMISSIONS.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField label="Fuel Type" error={err('fuelType')}>
                  <NativeSelect {...register('fuelType')}>
                    <option value="">Select fuel type</option>
                    {FUEL_TYPES.map((f) => (
                      <option key={f} value={f}>
                        {f}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField label="Condition" error={err('condition')}>
                  <NativeSelect {...register('condition')}>
                    <option value="">Select condition</option>
                    {CONDITIONS.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField label="Exterior Color" error={err('exteriorColor')}>
                  <Input {...register('exteriorColor')} placeholder="e.g. Silver" maxLength={40} />
                </FormField>
                <FormField label="Interior Color" error={err('interiorColor')}>
                  <Input {...register('interiorColor')} placeholder="e.g. Black leather" maxLength={40} />
                </FormField>
                <FormField
                  label="Description"
                  error={err('description')}
                  hint={`Minimum ${LIMITS.descriptionHint} characters. Mention the condition, service history and extras.`}
                  className="sm:col-span-2"
                >
                  <Textarea {...register('description')} rows={6} maxLength={5000} placeholder="Tell buyers about the vehicle" />
                </FormField>
              </div>
            </Tabs.Content>

            <Tabs.Content value="3" className="grid gap-5 focus-visible:outline-none">
              <StepHeading step={3} />
              <PhotoPicker
                photos={photoList.photos}
                onAdd={photoList.add}
                onRemove={photoList.remove}
                onMove={photoList.move}
                disabled={submitting}
              />
            </Tabs.Content>

            <Tabs.Content value="4" className="grid gap-5 focus-visible:outline-none">
              <StepHeading step={4} />
              <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
                <FormField label="Location" error={err('location')} className="sm:col-span-2">
                  <Input {...register('location')} placeholder="e.g. Springfield, IL" autoComplete="address-level2" />
                </FormField>
                <FormField label="Phone" error={err('contactPhone')}>
                  <Input {...register('contactPhone')} type="tel" placeholder="e.g. +1 555 010 2000" autoComplete="tel" />
                </FormField>
                <FormField label="Email (optional)" error={err('contactEmail')}>
                  <Input {...register('contactEmail')} type="email" placeholder="you@example.com" autoComplete="email" />
                </FormField>
              </div>
              <p className="flex gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                By submitting this listing, you confirm that the information provided is accurate and that you own this vehicle or
                are authorized to sell it.
              </p>
            </Tabs.Content>

            {progress !== null && (
              <div className="mt-6 grid gap-1.5">
                <div className="flex justify-between text-sm text-slate-700">
                  <span>{progress < 1 ? 'Uploading…' : 'Processing photos…'}</span>
                  <span>{Math.round(progress * 100)}%</span>
                </div>
                <div
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress * 100)}
                  className="h-2 overflow-hidden rounded-full bg-slate-200"
                >
                  <div
                    className="h-full rounded-full bg-brand-600 transition-[width]"
                    style={{ width: `${Math.round(progress * 100)}%` }}
                  />
                </div>
              </div>
            )}

            <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
              {step === 1 ? (
                <Link key="cancel" to={cancelHref ?? paths.vehicleSales} className={buttonVariants({ variant: 'outline' })}>
                  Cancel
                </Link>
              ) : (
                <Button key="back" variant="outline" disabled={submitting} onClick={() => goTo((step - 1) as WizardStep)}>
                  <ChevronLeft aria-hidden /> Back
                </Button>
              )}
              {step < 4 ? (
                <Button key="next" onClick={() => void next()} disabled={submitting}>
                  Next <ChevronRight aria-hidden />
                </Button>
              ) : (
                <Button key="submit" type="submit" disabled={submitting} aria-busy={submitting || undefined}>
                  <Send aria-hidden /> {mode === 'edit' ? 'Update' : 'Submit'}
                </Button>
              )}
            </div>
          </div>
        </Tabs.Root>
      </form>
    </div>
  );
}

function StepHeading({ step }: { step: WizardStep }) {
  const s = WIZARD_STEPS[step - 1]!;
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Step {step} of 4</p>
      <h2 className="text-xl font-semibold text-slate-900">{s.heading}</h2>
    </div>
  );
}
