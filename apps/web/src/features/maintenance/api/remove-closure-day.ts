import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosureDay } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function removeClosureDay(date: string) {
  return api.delete<ClosureDay>(`/api/admin/closure-days/${encodeURIComponent(date)}`);
}

export function useRemoveClosureDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeClosureDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}
