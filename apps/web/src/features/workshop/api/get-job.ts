import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopJob } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { workshopKeys } from './keys';

export function getJob(id: string, signal?: AbortSignal) {
  return api.get<WorkshopJob>(`/api/workshop/jobs/${encodeURIComponent(id)}`, undefined, signal);
}

export const jobQueryOptions = (id: string) => queryOptions({ queryKey: workshopKeys.job(id), queryFn: ({ signal }) => getJob(id, signal) });

export function useJob(id: string) {
  return useQuery(jobQueryOptions(id));
}
