import { useEffect, useRef } from 'react';
import { Link } from '@/components/ui/link';
import { SAVED_SEARCH_MESSAGES } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StateMessage } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * The page an e-mail's unsubscribe link opens: it unsubscribes as it opens (one click, no log-in) and
 * says so. Only the app does it, so a mail scanner that fetches the link changes nothing.
 */
export function UnsubscribeResult({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  const manage = (
    <Link to={paths.savedSearches} className={buttonVariants({ variant: 'outline' })}>
      Manage saved searches
    </Link>
  );
  if (!token || unsubscribe.isError)
    return (
      <StateMessage tone="error" title="Unsubscribe failed" action={manage}>
        {SAVED_SEARCH_MESSAGES.unsubscribeInvalid} Log in to turn these e-mails off from your account.
      </StateMessage>
    );
  if (!unsubscribe.isSuccess) return <Spinner label="Unsubscribing" />;
  return (
    <StateMessage title="You are unsubscribed" action={manage}>
      <span role="status">{SAVED_SEARCH_MESSAGES.unsubscribed}</span> Your saved searches are kept; you can turn their e-mails on again in your account.
    </StateMessage>
  );
}
