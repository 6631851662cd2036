import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StageMenu } from './stage-menu';
import { JobSummary } from './job-summary';
import { useMyJobs } from '../api/get-my-jobs';

/** The signed-in technician's jobs of today, each with its car, service, notes and check-in photos, and its inspection once checked in. */
export function MyJobsList() {
  const query = useMyJobs();
  if (query.isPending) return <p className="text-sm text-slate-700">Loading your jobs…</p>;
  if (query.isError) return <p className="text-sm text-red-700">Your jobs could not be loaded. Please try again.</p>;
  const { jobs } = query.data;
  if (jobs.length === 0) return <p className="text-sm text-slate-700">No jobs assigned to you today.</p>;
  return (
    <ul className="grid gap-4">
      {jobs.map((job) => (
        <li key={job._id} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <JobSummary job={job} />
          <div className="flex flex-wrap items-center gap-3">
            <StageMenu job={job} />
            {job.checkIn && (
              <Link to={paths.admin.inspection(job._id)} className={buttonVariants({ variant: 'secondary', className: 'h-11' })}>
                Inspection<span className="sr-only"> {job.vehicle.registration}</span>
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
