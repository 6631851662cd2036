import { useSearchParams } from 'react-router';
import { UnsubscribeResult } from '@/features/saved-searches/components/unsubscribe-result';
import { usePageTitle } from '@/lib/use-page-title';

export default function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Saved search e-mails</h1>
      <UnsubscribeResult token={params.get('token') ?? ''} />
    </div>
  );
}
