import { Link } from '@/components/ui/link';
import { formatNumber, formatWeekdayDate, type WorkshopJob } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StageMenu } from './stage-menu';

/**
 * One job on the board: time, car, service, technician; its move menu, check-in while it awaits the car,
 * and its inspection once checked in (for whoever may move the card: the floor, or its own technician).
 */
export function JobCard({ job, showDay, runsTheFloor }: { job: WorkshopJob; showDay: boolean; runsTheFloor: boolean }) {
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="job-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-600">
            {showDay && <>{formatWeekdayDate(job.appointmentDate)}, </>}
            {job.appointmentTime}
          </p>
          <h3 className="truncate text-sm font-semibold text-slate-900">
            {job.vehicle.year} {job.vehicle.make} {job.vehicle.model}
          </h3>
          <p className="text-sm text-slate-700">{job.vehicle.registration}</p>
        </div>
        <StageMenu job={job} />
      </div>
      <p className="text-sm text-slate-800">
        {job.specificService}
        {job.resource !== 'Service bay' && <span className="text-slate-600"> · {job.resource}</span>}
      </p>
      <p className="text-xs text-slate-600">
        {job.customer.name} · {job.technician ? `Technician: ${job.technician}` : 'No technician yet'}
      </p>
      {job.checkIn && (
        <p className="text-xs text-slate-600">
          {formatNumber(job.checkIn.odometer)} miles · fuel {job.checkIn.fuelLevel}
        </p>
      )}
      {job.checkIn && job.canMove && (
        <Link to={paths.admin.inspection(job._id)} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'h-10 justify-self-start' })}>
          Inspection<span className="sr-only"> {job.vehicle.registration}</span>
        </Link>
      )}
      {job.checkIn && job.stage !== 'Completed' && (
        <Link to={paths.admin.estimate(job._id)} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'justify-self-start' })}>
          Estimate<span className="sr-only"> for {job.vehicle.registration}</span>
        </Link>
      )}
      {runsTheFloor && job.stage === 'Scheduled' && (
        <Link to={paths.admin.checkIn(job._id)} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'justify-self-start' })}>
          Check in<span className="sr-only"> {job.vehicle.registration}</span>
        </Link>
      )}
    </li>
  );
}
