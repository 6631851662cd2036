import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactClicks } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { leadKeys } from './get-leads';

export const getContactClicks = (vehicleId: string, signal?: AbortSignal) =>
  api.get<ContactClicks>(`/api/admin/vehicles/${vehicleId}/contact-clicks`, undefined, signal);

export const contactClicksQueryOptions = (vehicleId: string) =>
  queryOptions({ queryKey: leadKeys.clicks(vehicleId), queryFn: ({ signal }) => getContactClicks(vehicleId, signal) });

export const useContactClicks = (vehicleId: string) => useQuery(contactClicksQueryOptions(vehicleId));
