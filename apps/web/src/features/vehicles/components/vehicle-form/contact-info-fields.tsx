import { ShieldCheck } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { VehicleFormValues } from './form-values';
import { useListingFields } from './use-listing-fields';

/** The seller's account, whose phone and e-mail a listing shows where its own are left empty. */
export interface ListingAccount {
  email: string;
  phone: string;
  address?: string | null;
}

/**
 * Step 4: where the vehicle is and how buyers reach the seller, then the seller's confirmation. An
 * empty phone or e-mail publishes the account's own, so the step says so and shows what buyers will see.
 */
export function ContactInfoFields({ account }: { account: ListingAccount | null }) {
  const { register, message } = useListingFields();
  const [phone = '', email = ''] = useWatch<VehicleFormValues, ['contactPhone', 'contactEmail']>({ name: ['contactPhone', 'contactEmail'] });
  const shownPhone = phone.trim() || account?.phone || '';
  const shownEmail = email.trim() || account?.email || '';
  const emailHint = account
    ? `Leave it empty and buyers see your account e-mail, ${account.email}.`
    : "Leave it empty and buyers see the owner's account e-mail.";
  return (
    <>
      <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
        <FormField label="Location" error={message('location')} className="sm:col-span-2">
          <Input {...register('location')} placeholder="e.g. Springfield, IL" autoComplete="address-level2" />
        </FormField>
        <FormField label="Phone" error={message('contactPhone')}>
          <Input {...register('contactPhone')} type="tel" placeholder="e.g. +1 555 010 2000" autoComplete="tel" />
        </FormField>
        <FormField label="Email (optional)" error={message('contactEmail')} hint={emailHint}>
          <Input {...register('contactEmail')} type="email" placeholder="you@example.com" autoComplete="email" />
        </FormField>
      </div>
      <p data-testid="buyers-will-see" className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800">
        <span className="font-semibold">Buyers will see: </span>
        <span className="break-words">{[shownPhone, shownEmail].filter(Boolean).join(' · ') || 'no phone or e-mail'}</span>
      </p>
      <p className="flex gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        By submitting this listing, you confirm that the information provided is accurate and that you own this vehicle or are
        authorized to sell it.
      </p>
    </>
  );
}
