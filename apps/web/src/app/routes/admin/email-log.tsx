import { EmailLog } from '@/features/admin/components/emails/email-log';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('E-mail Log');
  return <EmailLog />;
}
