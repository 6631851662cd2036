import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { registerSchema, type RegisterInput } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { formErrorHandler } from '@/lib/server-field-errors';
import type { SignedIn } from '../api/login';
import { useRegister } from '../api/register';
import { AvatarPicker } from './avatar-picker';
import { NewPasswordFields, PhoneAndAddressFields } from './account-fields';

const FIELDS = [
  'username',
  'name',
  'phone',
  'email',
  'address',
  'password',
  'confirmPassword',
] as const satisfies readonly FieldPath<RegisterInput>[];

/** Optional picture with preview, every field, the 'Register' button. */
export function RegisterForm({ onSuccess }: { onSuccess(result: SignedIn): void }) {
  const mutation = useRegister();
  const [avatar, setAvatar] = useState<File | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', name: '', phone: '', email: '', address: '', password: '', confirmPassword: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { values, avatar },
      {
        onSuccess,
        onError: formErrorHandler(FIELDS, setError, 'Failed to register'),
      },
    ),
  );

  const busy = mutation.isPending;
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <AvatarPicker file={avatar} onChange={setAvatar} label="Profile picture (optional)" disabled={busy} />
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <FormField label="Username" error={errors.username?.message}>
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
          </FormField>
          <FormField label="Full Name" error={errors.name?.message}>
            <Input autoComplete="name" {...register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
          </FormField>
          <PhoneAndAddressFields />
          <NewPasswordFields passwordLabel="Password" confirmLabel="Confirm Password" />
        </div>
        <SubmitButton size="lg" className="w-full" pending={busy}>
          Register
        </SubmitButton>
      </form>
    </FormProvider>
  );
}
