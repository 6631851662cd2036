import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
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

/**
 * The loading, failure and not-found texts of a detail screen whose record is called `noun`
 * ('invoice' gives 'Loading invoice', 'Error Loading Invoice', 'Invoice Not Found' and so on).
 */
export function recordTexts(noun: string): Pick<RecordStatesProps<unknown>, 'loadingLabel' | 'error' | 'notFound'> {
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    loadingLabel: `Loading ${noun}`,
    error: { title: `Error Loading ${title}`, fallback: `The ${noun} could not be loaded` },
    notFound: { title: `${title} Not Found`, text: `The ${noun} you are looking for could not be found.` },
  };
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
