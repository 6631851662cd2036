import { useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { BackLink, RecordStates } from '@/components/ui/record-states';
import { paths } from '@/config/paths';
import { jobQueryOptions, useJob } from '@/features/workshop/api/get-job';
import { CheckInForm } from '@/features/workshop/components/check-in-form';
import { JobSummary } from '@/features/workshop/components/job-summary';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [jobQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('Check In');
  const { id = '' } = useParams();
  const query = useJob(id);
  return (
    <RecordStates
      query={query}
      back={{ to: paths.admin.workshop, label: 'Back to the board' }}
      loadingLabel="Loading the job"
      error={{ title: 'The job could not be loaded', fallback: 'Please try again.' }}
      notFound={{ title: 'Job not found', text: 'It may have been cancelled or moved off the board.' }}
    >
      {(job) => (
        <>
          <BackLink to={paths.admin.workshop}>Back to the board</BackLink>
          <PageHeader title="Check In" description="Record the car as it arrives: odometer, fuel and any damage it came with." />
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title="Job">
              <JobSummary job={job} headingLevel={3} />
            </Card>
            <Card title="Check-in">
              {job.stage === 'Scheduled' ? (
                <CheckInForm job={job} />
              ) : (
                <p className="text-sm text-slate-700">This job is {job.stage.toLowerCase()}: it cannot be checked in again.</p>
              )}
            </Card>
          </div>
        </>
      )}
    </RecordStates>
  );
}
