import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderPreference, ServiceInterval, ServiceIntervalsUpdate } from '@dealer/shared';
import { api } from '@/lib/api-client';

export const reminderKeys = {
  all: ['reminders'] as const,
  intervals: () => ['reminders', 'intervals'] as const,
  preference: () => ['reminders', 'preference'] as const,
};

/** Every service's reminder interval (admin only). */
export const serviceIntervalsQueryOptions = () =>
  queryOptions({
    queryKey: reminderKeys.intervals(),
    queryFn: ({ signal }) => api.get<ServiceInterval[]>('/api/admin/workshop/service-intervals', undefined, signal),
  });

export function useServiceIntervals() {
  return useQuery(serviceIntervalsQueryOptions());
}

export function useUpdateServiceIntervals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceIntervalsUpdate) => api.put<ServiceInterval[]>('/api/admin/workshop/service-intervals', input),
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.intervals(), saved),
  });
}

/** Whether the signed-in customer gets service reminders. */
export function useReminderPreference() {
  return useQuery({ queryKey: reminderKeys.preference(), queryFn: ({ signal }) => api.get<ReminderPreference>('/api/account/reminders', undefined, signal) });
}

export function useUpdateReminderPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remindersEnabled: boolean) => api.put<ReminderPreference>('/api/account/reminders', { remindersEnabled }),
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.preference(), saved),
  });
}

/** The e-mail's unsubscribe: no log-in, the link's token is enough. */
export function useReminderUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ remindersEnabled: false }>(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, undefined, { anonymous: true }),
  });
}
