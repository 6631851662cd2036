import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveStageInput, WorkshopJob } from '@dealer/shared';
import { api } from '@/lib/api-client';

const jobUrl = (id: string, action: string) => `/api/workshop/jobs/${encodeURIComponent(id)}/${action}`;

export const checkIn = (id: string, form: FormData) => api.post<WorkshopJob>(jobUrl(id, 'check-in'), form);
export const markNoShow = (id: string) => api.post<WorkshopJob>(jobUrl(id, 'no-show'));
export const moveJob = (id: string, input: MoveStageInput) => api.post<WorkshopJob>(jobUrl(id, 'move'), input);

/**
 * The floor's writes. Every answer, a refusal included (a stale move), refreshes the board and the
 * rest of maintenance: the mover then sees where the job really is.
 */
function useFloorMutation<V>(mutationFn: (variables: V) => Promise<WorkshopJob>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  });
}

export const useCheckIn = () => useFloorMutation(({ id, form }: { id: string; form: FormData }) => checkIn(id, form));
export const useMarkNoShow = () => useFloorMutation((id: string) => markNoShow(id));
export const useMoveJob = () => useFloorMutation(({ id, ...input }: MoveStageInput & { id: string }) => moveJob(id, input));
