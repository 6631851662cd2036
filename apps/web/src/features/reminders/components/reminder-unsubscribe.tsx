import { Link } from '@/components/ui/link';
import { REMINDER_MESSAGES } from '@dealer/shared';
import { Button, buttonVariants } from '@/components/ui/button';
import { StateMessage } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { useReminderUnsubscribe } from '../api/reminders';

/**
 * The page a reminder e-mail's unsubscribe link opens, without a log-in: it asks first and turns
 * reminders off only when the button is pressed, so a mail scanner that fetches the link changes nothing.
 */
export function ReminderUnsubscribe({ token }: { token: string }) {
  const unsubscribe = useReminderUnsubscribe();
  const profile = (
    <Link to={paths.profile} className={buttonVariants({ variant: 'outline' })}>
      Go to your profile
    </Link>
  );
  if (!token || unsubscribe.isError)
    return (
      <StateMessage tone="error" title="Unsubscribe failed" action={profile}>
        {REMINDER_MESSAGES.unsubscribeInvalid} Log in to turn reminders off in your profile.
      </StateMessage>
    );
  if (unsubscribe.isSuccess)
    return (
      <StateMessage title="You are unsubscribed" action={profile}>
        <span role="status">{REMINDER_MESSAGES.unsubscribed}</span> You can turn them on again in your profile.
      </StateMessage>
    );
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-slate-800">Stop e-mails that tell you when a service is due for your vehicle and remind you of recommended work?</p>
      <Button className="mt-4" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? 'Turning off...' : 'Turn off reminders'}
      </Button>
    </div>
  );
}
