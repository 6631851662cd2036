import { AccountOverview } from '@/features/auth/components/account-overview';
import { usePageTitle } from '@/lib/use-page-title';

export default function AccountPage() {
  usePageTitle('My Account');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <AccountOverview />
    </div>
  );
}
