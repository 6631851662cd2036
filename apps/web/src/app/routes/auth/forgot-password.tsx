import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from '@/components/ui/link';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '@/features/auth/api/forgot-password';
import { AuthCard, AuthFormError } from '@/features/auth/components/auth-card';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

const backToLogin = (
  <Link to={paths.login} className="font-medium text-brand-700 underline-offset-4 hover:underline">
    Back to Log in
  </Link>
);

/** Asks for a reset link by e-mail; the answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const mutation = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.errors?.email) setError('email', { message: error.errors.email });
      },
    }),
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Check your e-mail" footer={backToLogin}>
        <div className="grid justify-items-center gap-4 text-center">
          <MailCheck className="size-12 text-brand-600" aria-hidden />
          <p role="status" className="text-sm text-slate-700">
            {mutation.data.message}
          </p>
        </div>
      </AuthCard>
    );
  }

  const formError =
    mutation.error instanceof ApiError && !mutation.error.errors?.email
      ? mutation.error.message || 'Internet server error, try later'
      : mutation.isError && !(mutation.error instanceof ApiError)
        ? 'Internet server error, try later'
        : null;

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <AuthFormError message={formError} />
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('email')} />
        </FormField>
        <SubmitButton size="lg" className="w-full" pending={mutation.isPending}>
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
