import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft, ChevronRight, Send } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from '@/components/ui/link';
import { vehicleFieldsSchema, type VehicleFields } from '@dealer/shared';
import { Button, buttonVariants } from '@/components/ui/button';
import { stepHolding, useWizardSteps } from '@/components/wizard/use-wizard-steps';
import { paths } from '@/config/paths';
import { usePhotoList } from '../../hooks/use-photo-list';
import { BasicInfoFields } from './basic-info-fields';
import { ContactInfoFields, type ListingAccount } from './contact-info-fields';
import { LISTING_STEPS, toFormValues, type VehicleFormValues, type WizardStep } from './form-values';
import { ListingStep, ListingStepTabs } from './listing-step-tabs';
import { PhotoPicker } from './photo-picker';
import { UploadProgress } from './upload-progress';
import { useSubmitListing, type ListingSubmitProps } from './use-submit-listing';
import { VehicleDetailsFields } from './vehicle-details-fields';

export interface VehicleFormProps extends ListingSubmitProps {
  initialStep?: WizardStep;
  /** Where Cancel on step 1 goes; the vehicle sales route unless told otherwise. */
  cancelHref?: string;
  /**
   * The seller's account, when it is the signed-in user's: a new listing starts from its address and
   * phone, and the Contact step names the e-mail an empty field publishes. Null for staff editing
   * someone else's listing.
   */
  account?: ListingAccount | null;
}

const resolver = zodResolver(vehicleFieldsSchema) as unknown as Resolver<VehicleFormValues, unknown, VehicleFields>;

/**
 * The four-step listing wizard, for creating and editing: Basic Info, Vehicle Details,
 * Photos, Contact Info. Each step's fields are checked before Next; Submit checks them all.
 */
export function VehicleForm({ mode, initialValues, initialStep = 1, cancelHref, onSubmitOverride, onSuccess, account = null }: VehicleFormProps) {
  const photoList = usePhotoList(initialValues?.images);
  const form = useForm<VehicleFormValues, unknown, VehicleFields>({
    defaultValues: initialValues
      ? toFormValues(initialValues)
      : { ...toFormValues(), location: account?.address ?? '', contactPhone: account?.phone ?? '' },
    resolver,
    mode: 'onTouched',
  });
  const wizard = useWizardSteps({
    steps: LISTING_STEPS,
    validate: (fields) => form.trigger(fields, { shouldFocus: true }),
    initialStep: initialStep - 1,
  });
  const { step } = wizard;
  /** Shows the step holding a field that needs putting right, without moving the page. */
  const showField = (field: string) => {
    const index = stepHolding(LISTING_STEPS, [field]);
    if (index !== -1 && index !== step) wizard.show(index, { scroll: false });
  };
  const { submit, progress } = useSubmitListing({
    mode,
    initialValues,
    onSubmitOverride,
    onSuccess,
    form,
    photoList,
    restart: wizard.restart,
    showField,
  });
  const submitting = form.formState.isSubmitting;

  const onInvalid = (errors: FieldErrors<VehicleFormValues>) => {
    const first = Object.keys(errors)[0] as keyof VehicleFormValues | undefined;
    if (!first) return;
    showField(first);
    setTimeout(() => form.setFocus(first), 0);
  };

  return (
    <div>
      <FormProvider {...form}>
        <form
          noValidate
          aria-label={mode === 'create' ? 'Create vehicle listing' : 'Edit vehicle listing'}
          onSubmit={wizard.onSubmit((event) => void form.handleSubmit(submit, onInvalid)(event))}
        >
          <Tabs.Root value={String(step + 1)} onValueChange={(value) => wizard.show(Number(value) - 1, { scroll: false })} activationMode="manual">
            <ListingStepTabs step={step} />

            <div className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <ListingStep index={0}>
                <BasicInfoFields />
              </ListingStep>
              <ListingStep index={1}>
                <VehicleDetailsFields />
              </ListingStep>
              <ListingStep index={2}>
                <PhotoPicker photos={photoList.photos} onAdd={photoList.add} onRemove={photoList.remove} onMove={photoList.move} disabled={submitting} />
              </ListingStep>
              <ListingStep index={3}>
                <ContactInfoFields account={account} />
              </ListingStep>

              {progress !== null && <UploadProgress fraction={progress} />}

              <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
                {wizard.isFirst ? (
                  <Link key="cancel" to={cancelHref ?? paths.vehicleSales} className={buttonVariants({ variant: 'outline' })}>
                    Cancel
                  </Link>
                ) : (
                  <Button key="back" variant="outline" disabled={submitting} onClick={wizard.back}>
                    <ChevronLeft aria-hidden /> Back
                  </Button>
                )}
                {!wizard.isLast ? (
                  <Button key="next" onClick={() => void wizard.next()} disabled={submitting}>
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
      </FormProvider>
    </div>
  );
}
