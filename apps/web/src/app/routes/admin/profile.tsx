import { ProfileForm } from '@/features/auth/components/profile-form';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Profile');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Profile" description="Your own account: contact details, picture and password." />
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <ProfileForm />
      </div>
    </div>
  );
}
