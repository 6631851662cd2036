import { addDays, formatWeekdayDate, isSunday, myJobsQuerySchema } from '@dealer/shared';
import { Link } from '@/components/ui/link';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { readUrlParams, useUrlParams } from '@/lib/use-url-params';
import { StageMenu } from './stage-menu';
import { JobSummary } from './job-summary';
import { useMyJobs } from '../api/get-my-jobs';

const MY_JOBS_URL_KEYS = ['date'] as const;

/** The day the address names, if the API's own rules take it; else none (today). */
const dayOf = (value: string) => myJobsQuerySchema.safeParse({ date: value }).data?.date;

/** The day My Jobs shows, from its address (the route's loader and the list read it the same way). */
export const myJobsDateFrom = (searchParams: URLSearchParams) => dayOf(readUrlParams(searchParams, MY_JOBS_URL_KEYS).values.date);

/** The next (or previous) day the workshop opens on: Sundays are passed over. */
function workingDayFrom(day: string, step: 1 | -1) {
  const next = addDays(day, step);
  return isSunday(next) ? addDays(next, step) : next;
}

/** The day on show, with the days before and after it and a way back to today. */
function DayPicker({ date, today, onChange }: { date: string; today: string; onChange(date: string | null): void }) {
  return (
    // On a phone the day's name has a row of its own above the two buttons; from 640 px they share one.
    <nav aria-label="Day" className="grid grid-cols-2 items-center gap-2 sm:flex sm:flex-wrap">
      <h2 className="col-span-2 text-base font-semibold text-slate-900 sm:order-2 sm:px-2" aria-live="polite">
        {date === today ? `Today, ${formatWeekdayDate(date)}` : formatWeekdayDate(date)}
      </h2>
      <Button type="button" variant="secondary" className="h-11 sm:order-1" onClick={() => onChange(workingDayFrom(date, -1))}>
        Previous day
      </Button>
      <Button type="button" variant="secondary" className="h-11 sm:order-3" onClick={() => onChange(workingDayFrom(date, 1))}>
        Next day
      </Button>
      {date !== today && (
        <Button type="button" variant="ghost" className="col-span-2 h-11 sm:order-4" onClick={() => onChange(null)}>
          Back to today
        </Button>
      )}
    </nav>
  );
}

/** The signed-in technician's jobs of today, each with its car, service, notes and check-in photos, and its inspection once checked in. */
export function MyJobsList() {
  const { values, update } = useUrlParams(MY_JOBS_URL_KEYS);
  const date = dayOf(values.date);
  const query = useMyJobs(date);
  const today = query.data?.today;
  return (
    <div className="grid gap-4">
      {today && <DayPicker date={date ?? today} today={today} onChange={(day) => update({ date: day === today ? null : day })} />}
      <DayJobs query={query} />
    </div>
  );
}

function DayJobs({ query }: { query: ReturnType<typeof useMyJobs> }) {
  if (query.isPending) return <p className="text-sm text-slate-700">Loading your jobs…</p>;
  if (query.isError) return <p className="text-sm text-red-700">Your jobs could not be loaded. Please try again.</p>;
  const { jobs, date, today } = query.data;
  if (jobs.length === 0) {
    return <p className="text-sm text-slate-700">{date === today ? 'No jobs assigned to you today.' : `No jobs assigned to you on ${formatWeekdayDate(date)}.`}</p>;
  }
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
