import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useBookingFormContext } from '../utils/booking-form';

/**
 * Step 4: who to contact; prefilled from the profile. Staff booking a walk-in or phone customer may
 * leave the e-mail empty (`emailOptional`).
 */
export function ContactStep({ emailOptional = false }: { emailOptional?: boolean }) {
  const { register, formState } = useBookingFormContext();
  const { errors } = formState;
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      <FormField label="Full Name" error={errors.customer?.name?.message}>
        <Input autoComplete="name" {...register('customer.name')} />
      </FormField>
      <FormField
        label="Email"
        error={errors.customer?.email?.message}
        hint={emailOptional ? 'Optional: without one, the customer gets no e-mails (confirmation, reminder).' : undefined}
      >
        <Input type="email" autoComplete="email" {...register('customer.email')} />
      </FormField>
      <FormField label="Phone" error={errors.customer?.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register('customer.phone')} />
      </FormField>
      <FormField label="Additional Notes" error={errors.additionalNotes?.message} className="sm:col-span-2" hint="Optional: symptoms, noises, warning lights or anything we should know.">
        <Textarea rows={4} {...register('additionalNotes')} />
      </FormField>
    </div>
  );
}
