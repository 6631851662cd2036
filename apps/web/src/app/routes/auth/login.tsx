import { ShieldAlert } from 'lucide-react';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { toastSuccess } from '@/components/toast/toast-store';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAfterSignIn } from '@/features/auth/lib/use-after-sign-in';
import { returnToOf, returnToState } from '@/lib/return-to';
import { usePageTitle } from '@/lib/use-page-title';
import type { LoginRedirectState } from '../../guards';

export default function LoginPage() {
  usePageTitle('Login');
  const location = useLocation();
  const adminRequired = Boolean((location.state as LoginRedirectState | null)?.adminRequired);
  const afterSignIn = useAfterSignIn();

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back. Log in with your e-mail address or username."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} state={returnToState(location)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Register
          </Link>
        </>
      }
    >
      {adminRequired && (
        <p role="note" className="mb-5 flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          The admin area needs an administrator account. Log in as an administrator to continue.
        </p>
      )}
      <LoginForm
        onSuccess={({ user, accessToken }) => {
          toastSuccess('Login Success!');
          afterSignIn(user, accessToken, returnToOf(location.state));
        }}
      />
      <p className="mt-4 text-center text-sm">
        <Link to={paths.forgotPassword} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
