import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '@dealer/shared';
import { toastApiError } from '@/components/toast/toast-store';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useLogin, type SignedIn } from '../api/login';
import { PasswordInput } from './password-input';

/** Fields emailOrUsername and password, the 'Login' button with its loading state. */
export function LoginForm({ onSuccess }: { onSuccess(result: SignedIn): void }) {
  const mutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { emailOrUsername: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess,
      onError: (error) => {
        // A refused sign-in (wrong password, suspended account) is the server's answer, told in the toast:
        // only a failure the user cannot act on (no answer, a fault) goes to the console.
        if (!(error instanceof ApiError)) console.warn('Login failed', error);
        toastApiError(error, 'Failed to login');
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email or Username" error={errors.emailOrUsername?.message}>
        <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('emailOrUsername')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <SubmitButton size="lg" className="mt-2 w-full" pending={mutation.isPending}>
        Login
      </SubmitButton>
    </form>
  );
}
