import type { ReactNode } from 'react';
import { StateMessage } from '@/components/ui/state-message';
import { ApiError } from '@/lib/api-client';

/** A report's days refused by the server (422), or null: the form shows its messages on the fields. */
export const refusedRange = (error: unknown) => (error instanceof ApiError && error.status === 422 ? error : null);

/** What a report shows below its form: loading, the server's reason for refusing the days, a failure, or the figures. */
export function ReportStates<T>({ query, children }: { query: { data: T | undefined; error: unknown; isPending: boolean; isError: boolean }; children(data: T): ReactNode }) {
  const refused = refusedRange(query.error);
  if (query.isPending)
    return (
      <p className="py-12 text-center text-sm text-slate-600" role="status">
        Loading the figures...
      </p>
    );
  if (refused)
    return (
      <StateMessage tone="error" title="These days cannot be shown">
        {Object.values(refused.errors ?? {})[0] ?? refused.message}
      </StateMessage>
    );
  if (query.isError || query.data === undefined)
    return (
      <StateMessage tone="error" title="The figures could not be loaded">
        Please try again in a moment.
      </StateMessage>
    );
  return children(query.data);
}
