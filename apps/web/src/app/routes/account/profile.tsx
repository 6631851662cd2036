import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { RemindersSwitch } from '@/features/reminders/components/reminders-switch';
import { usePageTitle } from '@/lib/use-page-title';

export default function ProfilePage() {
  usePageTitle('Profile');
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-600">
        <Link to={paths.account} className="hover:text-brand-700 hover:underline">
          My Account
        </Link>
        <span aria-hidden> / </span>
        <span aria-current="page">Profile</span>
      </nav>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Profile</h1>
      <p className="mt-1 text-sm text-slate-600">Keep your contact details up to date so we can reach you about your cars and appointments.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <ProfileForm />
      </div>
      <section aria-labelledby="profile-reminders" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 id="profile-reminders" className="mb-3 text-lg font-semibold text-slate-900">
          Reminders
        </h2>
        <RemindersSwitch />
      </section>
    </div>
  );
}
