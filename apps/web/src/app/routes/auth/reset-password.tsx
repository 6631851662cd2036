import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@dealer/shared';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { AuthCard, AuthFormError } from '@/features/auth/components/auth-card';
import { PasswordInput } from '@/features/auth/components/password-input';
import { api, ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

/** The same rules as the server's passwordResetSchema, minus the token that comes from the link. */
const resetFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] });
type ResetForm = z.infer<typeof resetFormSchema>;

const resetPassword = (token: string, values: ResetForm) => api.post<{ reset: true }>('/api/auth/password-reset', { token, ...values }, { noRefresh: true });

/** Opened from a one-time link (one an admin created, or the one e-mailed after 'Forgot password?'): choose a new password, then log in. */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const mutation = useMutation({ mutationFn: (values: ResetForm) => resetPassword(token, values) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetForm>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          for (const field of ['password', 'confirmPassword'] as const) {
            if (error.errors[field]) setError(field, { message: error.errors[field] });
          }
        }
      },
    }),
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <div className="grid justify-items-center gap-4 text-center">
          <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
          <p role="status" className="text-sm text-slate-700">
            Your new password is set. You have been signed out on every device; log in again with the new password.
          </p>
          <Link to={paths.login} className={buttonVariants({ className: 'w-full' })}>
            Log in
          </Link>
        </div>
      </AuthCard>
    );
  }

  const linkError =
    mutation.error instanceof ApiError && !mutation.error.errors?.password && !mutation.error.errors?.confirmPassword
      ? mutation.error.message || 'Reset link is invalid or has expired.'
      : mutation.isError && !(mutation.error instanceof ApiError)
        ? 'Internet server error, try later'
        : null;

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account." footer={<Link to={paths.login} className="font-medium text-brand-700 hover:underline">Back to Log in</Link>}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <AuthFormError message={linkError} />
        <FormField label="New password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" disabled={mutation.isPending} className="w-full">
          {mutation.isPending ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
