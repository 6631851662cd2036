import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Technician } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { maintenanceKeys } from './keys';

export function getTechnicians(signal?: AbortSignal) {
  return api.get<Technician[]>('/api/maintenance/admin/technicians', undefined, signal);
}

/** The active technicians an appointment can be given to (admins and service advisors). */
export const techniciansQueryOptions = () =>
  queryOptions({ queryKey: maintenanceKeys.technicians(), queryFn: ({ signal }) => getTechnicians(signal) });

export function useTechnicians(enabled = true) {
  return useQuery({ ...techniciansQueryOptions(), enabled });
}
