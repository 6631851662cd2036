import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyJobs } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { workshopKeys } from './keys';

/** The signed-in technician's jobs of `date` (today when absent). */
export function getMyJobs(date: string | undefined, signal?: AbortSignal) {
  return api.get<MyJobs>('/api/workshop/my-jobs', date ? { date } : undefined, signal);
}

export const myJobsQueryOptions = (date?: string) =>
  queryOptions({ queryKey: workshopKeys.myJobs(date), queryFn: ({ signal }) => getMyJobs(date, signal) });

export function useMyJobs(date?: string) {
  // The day before stays on show while the next loads, so the Day bar (and the button just pressed) stays put.
  return useQuery({ ...myJobsQueryOptions(date), placeholderData: keepPreviousData, refetchInterval: 30_000 });
}
