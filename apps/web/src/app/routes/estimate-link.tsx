import { Link2Off } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useDecideByLink, useLinkEstimate } from '@/features/estimates/api/estimates';
import { EstimateDecision } from '@/features/estimates/components/estimate-decision';
import { EstimateHeading } from '@/features/estimates/components/estimate-lines';
import { CONTACT } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';

/** Why a link does not open its estimate, with the way to reach the workshop. */
function LinkRefused({ message }: { message: string }) {
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-slate-200 bg-white p-6 text-center">
      <Link2Off className="size-10 text-slate-400" aria-hidden />
      <p role="alert" className="font-medium text-red-800">
        {message}
      </p>
      <p className="text-sm text-slate-700">
        Questions? Call the workshop on{' '}
        <a href={CONTACT.phoneHref} className="font-medium text-brand-700 underline">
          {CONTACT.phone}
        </a>
        .
      </p>
    </div>
  );
}

/**
 * The e-mailed estimate link, without signing in: the token (in the address's fragment, never sent
 * to the server in a URL) opens this one estimate only. A bad, other-estimate, expired or outdated
 * link says why; a working one lets the customer decide line by line.
 */
export default function EstimateLinkPage() {
  usePageTitle('Your Estimate');
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  const query = useLinkEstimate(id, token);
  const decide = useDecideByLink(id, token);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Estimate</h1>
      {!token ? (
        <div className="mt-4">
          <LinkRefused message="This page opens from the link in the estimate e-mail we sent you." />
        </div>
      ) : query.isPending ? (
        <Spinner label="Loading the estimate" className="py-10" />
      ) : query.isError ? (
        <div className="mt-4">
          <LinkRefused message={query.error.message} />
        </div>
      ) : (
        <div className="mt-1 grid gap-4">
          <EstimateHeading estimate={query.data} />
          <EstimateDecision estimate={query.data} decide={(values) => decide.mutateAsync(values)} pending={decide.isPending} />
        </div>
      )}
    </div>
  );
}
