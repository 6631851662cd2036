import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { profileUpdateSchema, type ProfileUpdateInput } from '@dealer/shared';
import { toastSuccess } from '@/components/toast/toast-store';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { formErrorHandler } from '@/lib/server-field-errors';
import { useSession } from '@/lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { NewPasswordFields, PhoneAndAddressFields } from './account-fields';
import { AvatarPicker } from './avatar-picker';
import { PasswordInput } from './password-input';

type ProfileValues = z.input<typeof profileUpdateSchema>;
type ProfileOutput = z.output<typeof profileUpdateSchema>;

const FIELDS = [
  'name',
  'phone',
  'address',
  'password',
  'confirmPassword',
  'oldPassword',
] as const satisfies readonly FieldPath<ProfileValues>[];
const resolver = zodResolver(profileUpdateSchema) as unknown as Resolver<ProfileValues, unknown, ProfileOutput>;

const readOnlyClass = 'bg-slate-50 text-slate-600';

/**
 * The signed-in user's profile: picture, read-only username and e-mail, editable
 * details and password, confirmed with the old password. Used at /account/profile and /admin/profile.
 */
export function ProfileForm() {
  const { user, setUser } = useSession();
  const mutation = useUpdateProfile();
  const [picture, setPicture] = useState<File | null>(null);
  const form = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver,
    defaultValues: {
      name: user?.name ?? '',
      phone: user?.phone ?? '',
      address: user?.address ?? '',
      password: '',
      confirmPassword: '',
      oldPassword: '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;

  if (!user) return null;

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { values: values as ProfileUpdateInput, picture },
      {
        onSuccess: (updated) => {
          setUser(updated);
          setPicture(null);
          reset({
            name: updated.name,
            phone: updated.phone,
            address: updated.address ?? '',
            password: '',
            confirmPassword: '',
            oldPassword: '',
          });
          toastSuccess('Personal info updated successfully!');
        },
        onError: formErrorHandler(FIELDS, setError, 'Failed to update profile'),
      },
    ),
  );

  const busy = mutation.isPending;
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <AvatarPicker currentUrl={user.avatar} file={picture} onChange={setPicture} disabled={busy} />

        <fieldset className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <legend className="mb-3 text-base font-semibold text-slate-900">Personal information</legend>
          <FormField label="Username">
            <Input value={user.username} readOnly className={readOnlyClass} />
          </FormField>
          <FormField label="Email">
            <Input value={user.email} readOnly className={readOnlyClass} />
          </FormField>
          <FormField label="Full Name" error={errors.name?.message}>
            <Input autoComplete="name" {...register('name')} />
          </FormField>
          <PhoneAndAddressFields />
        </fieldset>

        <fieldset className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <legend className="mb-1 text-base font-semibold text-slate-900">Change password</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">Leave these empty to keep your current password.</p>
          <NewPasswordFields passwordLabel="New Password" confirmLabel="Confirm New Password" />
        </fieldset>

        <div className="grid gap-4 rounded-lg border border-brand-100 bg-brand-50/60 p-4">
          <FormField label="Old Password (required to update)" error={errors.oldPassword?.message}>
            <PasswordInput autoComplete="current-password" {...register('oldPassword')} />
          </FormField>
          <SubmitButton size="lg" className="w-full sm:w-auto sm:justify-self-end" pending={busy}>
            Update Profile
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
