import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyJobs } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { workshopKeys } from './keys';

export function getMyJobs(signal?: AbortSignal) {
  return api.get<MyJobs>('/api/workshop/my-jobs', undefined, signal);
}

export const myJobsQueryOptions = () => queryOptions({ queryKey: workshopKeys.myJobs(), queryFn: ({ signal }) => getMyJobs(signal) });

export function useMyJobs() {
  return useQuery({ ...myJobsQueryOptions(), refetchInterval: 30_000 });
}
