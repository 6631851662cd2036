import { ShieldCheck } from 'lucide-react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useListingFields } from './use-listing-fields';

/** Step 4: where the vehicle is and how buyers reach the seller, then the seller's confirmation. */
export function ContactInfoFields() {
  const { register, message } = useListingFields();
  return (
    <>
      <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
        <FormField label="Location" error={message('location')} className="sm:col-span-2">
          <Input {...register('location')} placeholder="e.g. Springfield, IL" autoComplete="address-level2" />
        </FormField>
        <FormField label="Phone" error={message('contactPhone')}>
          <Input {...register('contactPhone')} type="tel" placeholder="e.g. +1 555 010 2000" autoComplete="tel" />
        </FormField>
        <FormField label="Email (optional)" error={message('contactEmail')}>
          <Input {...register('contactEmail')} type="email" placeholder="you@example.com" autoComplete="email" />
        </FormField>
      </div>
      <p className="flex gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        By submitting this listing, you confirm that the information provided is accurate and that you own this vehicle or are
        authorized to sell it.
      </p>
    </>
  );
}
