import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { BackLink, RecordStates } from '@/components/ui/record-states';
import { paths } from '@/config/paths';
import { estimateEditorQueryOptions, useEstimateEditor } from '@/features/estimates/api/estimates';
import { EstimateEditorForm } from '@/features/estimates/components/estimate-editor';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [estimateEditorQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('Estimate');
  const { id = '' } = useParams();
  const query = useEstimateEditor(id);
  return (
    <RecordStates
      query={query}
      back={{ to: paths.admin.workshop, label: 'Back to the board' }}
      loadingLabel="Loading the estimate"
      error={{ title: 'The estimate could not be loaded', fallback: 'Please try again.' }}
      notFound={{ title: 'Job not found', text: 'It may have been cancelled or moved off the board.' }}
    >
      {(editor) => (
        <>
          <BackLink to={paths.admin.workshop}>Back to the board</BackLink>
          <PageHeader
            title="Estimate"
            description={`${editor.vehicle.year} ${editor.vehicle.make} ${editor.vehicle.model} (${editor.vehicle.registration}) · ${editor.specificService} · ${editor.customerName}${editor.stage ? ` · ${editor.stage}` : ''}`}
          />
          <EstimateEditorForm key={editor.estimate?.updatedAt ?? 'new'} editor={editor} />
        </>
      )}
    </RecordStates>
  );
}
