import { useId } from 'react';
import { REMINDER_MESSAGES } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useReminderPreference, useUpdateReminderPreference } from '../api/reminders';

/** The customer's switch for service reminder e-mails (on unless turned off), in their profile. */
export function RemindersSwitch() {
  const preference = useReminderPreference();
  const update = useUpdateReminderPreference();
  const labelId = useId();
  const hintId = useId();
  if (preference.isPending) return <Spinner label="Loading your reminder setting" className="py-4" />;
  if (preference.isError) return <LoadFailed>Failed to load your reminder setting</LoadFailed>;
  const on = preference.data.remindersEnabled;
  const toggle = () =>
    update.mutate(!on, {
      onSuccess: (saved) => toastSuccess(saved.remindersEnabled ? REMINDER_MESSAGES.remindersOn : REMINDER_MESSAGES.remindersOff),
      onError: (error) => toastApiError(error, 'Could not change your reminder setting'),
    });
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={labelId} className="text-sm font-medium text-slate-900">
          Service reminder e-mails
        </p>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          We e-mail you when a service is due again for your vehicle, and about recommended work you have not had done yet.
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={update.isPending}
        onClick={toggle}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60',
          on ? 'bg-brand-700' : 'bg-slate-400',
        )}
      >
        <span aria-hidden className={cn('inline-block size-6 rounded-full bg-white shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0')} />
      </button>
    </div>
  );
}
