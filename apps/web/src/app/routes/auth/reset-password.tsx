import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Link2Off, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { z } from 'zod';
import { RESET_LINK_INVALID_MESSAGE, passwordSchema } from '@dealer/shared';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useResetLink, useResetPassword, type NewPassword } from '@/features/auth/api/reset-password';
import { AuthCard, AuthFormError } from '@/features/auth/components/auth-card';
import { PasswordInput } from '@/features/auth/components/password-input';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

/** The same rules as the server's passwordResetSchema, minus the token that comes from the link. */
const resetFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords must match', path: ['confirmPassword'] });

const backToLogin = (
  <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
    Back to Log in
  </Link>
);

/** A link that no longer works (or none at all): say why, and offer a new one, instead of asking for a password. */
function NoUsableLink({ title, message, action, alert }: { title: string; message: ReactNode; action: string; alert?: boolean }) {
  return (
    <AuthCard title={title} footer={backToLogin}>
      <div className="grid justify-items-center gap-4 text-center">
        <Link2Off className="size-10 text-slate-400" aria-hidden />
        {alert ? (
          <p role="alert" className="font-medium text-red-800">
            {RESET_LINK_INVALID_MESSAGE}
          </p>
        ) : null}
        <p className="text-sm text-slate-700">{message}</p>
        <Link to={paths.forgotPassword} className={buttonVariants({ className: 'w-full' })}>
          {action}
        </Link>
      </div>
    </AuthCard>
  );
}

const isDeadLink = (error: unknown) => error instanceof ApiError && error.status === 410;

/**
 * Opened from a one-time link (one an admin created, or the one e-mailed after 'Forgot password?'). The link
 * is checked first: a used, replaced or expired one says so at once; a working one asks for the new password.
 */
export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const link = useResetLink(token);
  const mutation = useResetPassword(token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPassword>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  if (!token) {
    return (
      <NoUsableLink
        title="Reset Password"
        action="Send me a reset link"
        message="This page opens from a password reset link. Ask for one with your account's e-mail address and open the link in the e-mail we send you, or use the link the dealership gave you."
      />
    );
  }

  if (isDeadLink(link.error) || isDeadLink(mutation.error)) {
    return (
      <NoUsableLink
        title="Link no longer works"
        action="Send me a new link"
        alert
        message="A reset link works once, and only until it expires: 1 hour from the e-mail, 24 hours from the dealership. Changing the password, or asking for a newer link, also ends it."
      />
    );
  }

  if (link.isPending) {
    return (
      <AuthCard title="Reset Password">
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Checking your link...
        </p>
      </AuthCard>
    );
  }

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

  // A failed check other than 410 (offline, say) still shows the form: the server checks the link again on submit.
  const formError =
    mutation.error instanceof ApiError && !mutation.error.errors?.password && !mutation.error.errors?.confirmPassword
      ? mutation.error.message || 'Internet server error, try later'
      : mutation.isError && !(mutation.error instanceof ApiError)
        ? 'Internet server error, try later'
        : null;

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account." footer={backToLogin}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <AuthFormError message={formError} />
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
