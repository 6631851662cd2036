import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosureDay, ClosureDayCreate } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function addClosureDay(input: ClosureDayCreate) {
  return api.post<ClosureDay>('/api/admin/closure-days', input);
}

export function useAddClosureDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addClosureDay,
    // The closure lists and every calendar availability change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  });
}
