import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { Button } from './button';
import { Spinner } from './spinner';
import { StateMessage } from './state-message';

/** The way back from a detail screen to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" className="-ml-3 mb-2">
      <Link to={to}>
        <ArrowLeft aria-hidden /> {children}
      </Link>
    </Button>
  );
}

interface RecordStatesProps<T> {
  query: UseQueryResult<T>;
  back: { to: string; label: string };
  loadingLabel: string;
  error: { title: string; fallback: string };
  notFound: { title: string; text: string };
  children(record: T): ReactNode;
}

/**
 * One record of a detail screen: a spinner while it loads; its failure, or 'not found' for a 404,
 * under the way back; otherwise the record itself.
 */
export function RecordStates<T>({ query, back, loadingLabel, error, notFound, children }: RecordStatesProps<T>) {
  const { data, isPending, isError } = query;
  if (isPending) return <Spinner label={loadingLabel} />;
  if (isError && !(query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <>
        <BackLink to={back.to}>{back.label}</BackLink>
        <StateMessage tone="error" title={error.title}>
          {query.error.message || error.fallback}
        </StateMessage>
      </>
    );
  }
  if (!data) {
    return (
      <>
        <BackLink to={back.to}>{back.label}</BackLink>
        <StateMessage title={notFound.title}>{notFound.text}</StateMessage>
      </>
    );
  }
  return children(data);
}
