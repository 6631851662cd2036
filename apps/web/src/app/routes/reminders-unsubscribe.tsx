import { useSearchParams } from 'react-router';
import { ReminderUnsubscribe } from '@/features/reminders/components/reminder-unsubscribe';
import { usePageTitle } from '@/lib/use-page-title';

export default function RemindersUnsubscribePage() {
  usePageTitle('Unsubscribe from reminders');
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Service reminder e-mails</h1>
      <ReminderUnsubscribe token={params.get('token') ?? ''} />
    </div>
  );
}
