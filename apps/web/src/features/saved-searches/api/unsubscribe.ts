import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The e-mail's one-click unsubscribe: no log-in, the link's token is enough. */
export function unsubscribe(token: string) {
  return api.post<{ unsubscribed: number }>(`/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`, undefined, { anonymous: true });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
