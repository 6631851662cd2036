import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { BackLink, RecordStates } from '@/components/ui/record-states';
import { paths } from '@/config/paths';
import { inspectionQueryOptions, useInspection } from '@/features/inspections/api/inspection';
import { InspectionChecklist } from '@/features/inspections/components/inspection-checklist';
import { jobQueryOptions, useJob } from '@/features/workshop/api/get-job';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [jobQueryOptions(params.id ?? ''), inspectionQueryOptions(params.id ?? '')]);

/** The technician's checklist for a checked-in job, made for a phone held in one hand. */
export default function Page() {
  usePageTitle('Inspection');
  const { id = '' } = useParams();
  const job = useJob(id);
  const inspection = useInspection(id);
  return (
    <div className="mx-auto grid max-w-2xl gap-2">
      <RecordStates
        query={inspection}
        back={{ to: paths.admin.workshop, label: 'Back to the board' }}
        loadingLabel="Loading the inspection"
        error={{ title: 'The inspection could not be loaded', fallback: 'Please try again.' }}
        notFound={{ title: 'Job not found', text: 'It may have been cancelled, or it is not one of your jobs.' }}
      >
        {(data) => (
          <>
            <BackLink to={paths.admin.workshop}>Back to the board</BackLink>
            <PageHeader
              title="Inspection"
              description={
                job.data
                  ? `${job.data.vehicle.year} ${job.data.vehicle.make} ${job.data.vehicle.model} · ${job.data.vehicle.registration} · ${job.data.specificService}`
                  : 'Each item: its condition, a note and photos. Every change is saved at once.'
              }
            />
            <InspectionChecklist jobId={id} inspection={data} />
          </>
        )}
      </RecordStates>
    </div>
  );
}
