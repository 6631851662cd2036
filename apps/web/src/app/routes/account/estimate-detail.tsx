import { useParams } from 'react-router';
import { BackLink, RecordStates } from '@/components/ui/record-states';
import { paths } from '@/config/paths';
import { myEstimateQueryOptions, useDecideMine, useMyEstimate } from '@/features/estimates/api/estimates';
import { EstimateDecision } from '@/features/estimates/components/estimate-decision';
import { EstimateHeading } from '@/features/estimates/components/estimate-lines';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [myEstimateQueryOptions(params.id ?? '')]);

export default function MyEstimatePage() {
  usePageTitle('Estimate');
  const { id = '' } = useParams();
  const query = useMyEstimate(id);
  const decide = useDecideMine(id, query.data?.version ?? 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <RecordStates
        query={query}
        back={{ to: paths.myEstimates, label: 'Back to My Estimates' }}
        loadingLabel="Loading the estimate"
        error={{ title: 'The estimate could not be loaded', fallback: 'Please try again.' }}
        notFound={{ title: 'Estimate not found', text: 'It may belong to another account.' }}
      >
        {(estimate) => (
          <div className="grid gap-4">
            <BackLink to={paths.myEstimates}>Back to My Estimates</BackLink>
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">Estimate</h1>
              <EstimateHeading estimate={estimate} />
            </div>
            <EstimateDecision estimate={estimate} decide={(values) => decide.mutateAsync(values)} pending={decide.isPending} />
          </div>
        )}
      </RecordStates>
    </div>
  );
}
