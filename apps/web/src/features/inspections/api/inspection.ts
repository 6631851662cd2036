import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Inspection, InspectionItemUpdate } from '@dealer/shared';
import { api } from '@/lib/api-client';

/** Under ['maintenance', 'workshop']: a change anywhere in maintenance refreshes the inspection too. */
export const inspectionKey = (jobId: string) => ['maintenance', 'workshop', 'inspection', jobId] as const;

const base = (jobId: string) => `/api/workshop/jobs/${encodeURIComponent(jobId)}/inspection`;
const itemUrl = (jobId: string, itemId: string) => `${base(jobId)}/items/${encodeURIComponent(itemId)}`;

export const getInspection = (jobId: string, signal?: AbortSignal) => api.get<Inspection>(base(jobId), undefined, signal);

export const inspectionQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: inspectionKey(jobId), queryFn: ({ signal }) => getInspection(jobId, signal) });

export function useInspection(jobId: string) {
  return useQuery(inspectionQueryOptions(jobId));
}

/** A write to the inspection: its answer (the whole inspection as committed) replaces the one on screen. */
function useInspectionWrite<V>(jobId: string, write: (variables: V) => Promise<Inspection>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (inspection) => queryClient.setQueryData(inspectionKey(jobId), inspection),
  });
}

export const useUpdateItem = (jobId: string) =>
  useInspectionWrite(jobId, ({ itemId, ...change }: InspectionItemUpdate & { itemId: string }) => api.patch<Inspection>(itemUrl(jobId, itemId), change));
export const useAddItem = (jobId: string) => useInspectionWrite(jobId, (label: string) => api.post<Inspection>(`${base(jobId)}/items`, { label }));
export const useRemoveItem = (jobId: string) => useInspectionWrite(jobId, (itemId: string) => api.delete<Inspection>(itemUrl(jobId, itemId)));
export const useAddPhotos = (jobId: string) =>
  useInspectionWrite(jobId, ({ itemId, files }: { itemId: string; files: File[] }) => {
    const form = new FormData();
    for (const file of files) form.append('images', file);
    return api.post<Inspection>(`${itemUrl(jobId, itemId)}/photos`, form);
  });
export const useRemovePhoto = (jobId: string) =>
  useInspectionWrite(jobId, ({ itemId, key }: { itemId: string; key: string }) =>
    api.delete<Inspection>(`${itemUrl(jobId, itemId)}/photos/${encodeURIComponent(key)}`),
  );
