import { BOARD_STAGES, formatCalendarDay, formatWeekdayDate, WORKSHOP_RESOURCES, type BoardView, type WorkshopJob, type WorkshopResource } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { readUrlParams, useUrlParams } from '@/lib/use-url-params';
import { useBoard } from '../api/get-board';
import type { BoardParams } from '../api/keys';
import { JobCard } from './job-card';

export const BOARD_URL_KEYS = ['view', 'date', 'technicianId', 'resource'] as const;

const isResource = (value: string): value is WorkshopResource => (WORKSHOP_RESOURCES as readonly string[]).includes(value);

/** The board's query from its address' values: today's day view of every job unless the address says otherwise. */
function paramsOf(values: Partial<Record<(typeof BOARD_URL_KEYS)[number], string>>): BoardParams {
  return {
    view: values.view === 'week' ? 'week' : 'day',
    ...(values.date ? { date: values.date } : {}),
    ...(values.technicianId ? { technicianId: values.technicianId } : {}),
    ...(values.resource && isResource(values.resource) ? { resource: values.resource } : {}),
  };
}

/** The board's query from its address (the route's loader and the board read it the same way). */
export function boardParamsFrom(searchParams: URLSearchParams): BoardParams {
  return paramsOf(readUrlParams(searchParams, BOARD_URL_KEYS).values);
}

const VIEWS: { value: BoardView; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
];

/**
 * The job board: the day's (or week's) jobs in one column per stage. From 1024 px the columns stand
 * side by side in a region that scrolls sideways (reachable by keyboard); on a phone they stack, each
 * under its heading with its count.
 */
export function JobBoard({ runsTheFloor }: { runsTheFloor: boolean }) {
  const { values, update } = useUrlParams(BOARD_URL_KEYS);
  const params = paramsOf(values);
  const board = useBoard(params);
  const data = board.data;
  const byStage = new Map<string, WorkshopJob[]>(BOARD_STAGES.map((stage) => [stage, []]));
  for (const job of data?.jobs ?? []) byStage.get(job.stage)?.push(job);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Board view" className="inline-flex rounded-lg bg-slate-100 p-1">
          {VIEWS.map((view) => (
            <button
              key={view.value}
              type="button"
              aria-pressed={params.view === view.value}
              onClick={() => update({ view: view.value === 'day' ? null : view.value })}
              className={cn(
                'rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600',
                params.view === view.value && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {view.label}
            </button>
          ))}
        </div>
        <FormField label="Date" className="w-44">
          <Input type="date" value={values.date || data?.today || ''} onChange={(event) => update({ date: event.target.value || null })} />
        </FormField>
        <FormField label="Technician" className="w-56">
          <NativeSelect value={values.technicianId} onChange={(event) => update({ technicianId: event.target.value || null })}>
            <option value="">All technicians</option>
            {(data?.technicians ?? []).map((technician) => (
              <option key={technician._id} value={technician._id}>
                {technician.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Place" className="w-44">
          <NativeSelect value={params.resource ?? ''} onChange={(event) => update({ resource: event.target.value || null })}>
            <option value="">All places</option>
            {WORKSHOP_RESOURCES.map((resource) => (
              <option key={resource} value={resource}>
                {resource}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {data ? boardSummary(data.jobs.length, data.from, data.to) : ''}
        {board.isFetching && <Spinner label="Refreshing the board" className="ml-2 inline-flex size-4" />}
      </p>
      {board.isError && !data && <p className="text-sm text-red-700">The board could not be loaded. Please try again.</p>}
      <div
        role="region"
        aria-label="Job board"
        tabIndex={0}
        className="flex min-w-0 flex-col gap-4 focus-visible:outline-2 focus-visible:outline-brand-600 lg:flex-row lg:overflow-x-auto lg:pb-2"
      >
        {BOARD_STAGES.map((stage) => {
          const jobs = byStage.get(stage) ?? [];
          const headingId = `stage-${stage.replace(/\W+/g, '-').toLowerCase()}`;
          return (
            <section key={stage} aria-labelledby={headingId} className="grid grid-cols-[minmax(0,1fr)] content-start gap-2 rounded-lg bg-slate-50 p-3 lg:w-64 lg:shrink-0">
              <div className="flex items-center justify-between gap-2">
                <h2 id={headingId} className="text-sm font-semibold text-slate-900">
                  {stage}
                </h2>
                <span className="rounded-full bg-slate-200 px-2 text-xs text-slate-800">
                  {jobs.length}
                  <span className="sr-only"> {jobs.length === 1 ? 'job' : 'jobs'}</span>
                </span>
              </div>
              {jobs.length === 0 ? (
                <p className="text-xs text-slate-600">No jobs</p>
              ) : (
                <ul className="grid gap-2">
                  {jobs.map((job) => (
                    <JobCard key={job._id} job={job} showDay={params.view === 'week'} runsTheFloor={runsTheFloor} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

function boardSummary(count: number, from: string, to: string) {
  const jobs = `${count} ${count === 1 ? 'job' : 'jobs'}`;
  return from === to ? `${jobs} on ${formatWeekdayDate(from)}` : `${jobs} from ${formatCalendarDay(from)} to ${formatCalendarDay(to)}`;
}
