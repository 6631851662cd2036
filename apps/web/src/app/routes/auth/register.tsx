import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { toastSuccess } from '@/components/toast/toast-store';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAfterSignIn } from '@/features/auth/lib/use-after-sign-in';
import { returnToOf, returnToState } from '@/lib/return-to';
import { usePageTitle } from '@/lib/use-page-title';

export default function RegisterPage() {
  usePageTitle('Register');
  const location = useLocation();
  const afterSignIn = useAfterSignIn();
  return (
    <AuthCard
      wide
      title="Register"
      subtitle="Create your account to sell your car, book maintenance and follow your requests."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} state={returnToState(location)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Login
          </Link>
        </>
      }
    >
      <RegisterForm
        onSuccess={({ user, accessToken }) => {
          toastSuccess('Register Success!');
          afterSignIn(user, accessToken, returnToOf(location.state));
        }}
      />
    </AuthCard>
  );
}
