import { useState } from 'react';
import { formatDateTime, type EmailLogEntry } from '@dealer/shared';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEmailMessage } from '../api/get-email-message';

/**
 * The log row's subject opens the message as its recipient got it: its plain-text part, which says all
 * the HTML part says (the HTML is in the answer too; a sandboxed frame for it is not built yet).
 */
export function EmailMessageButton({ email }: { email: EmailLogEntry }) {
  const [open, setOpen] = useState(false);
  const message = useEmailMessage(email._id, open);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="block text-left font-medium text-brand-700 hover:underline">
        {email.subject}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={email.subject}
        description={`To ${email.to} · ${formatDateTime(email.sentAt ?? email.createdAt)}`}
        className="max-w-2xl"
      >
        {message.isPending ? (
          <Spinner label="Loading the message" />
        ) : message.isError ? (
          <p className="text-sm text-red-700">The message could not be loaded.</p>
        ) : (
          <pre className="rounded border border-slate-200 bg-slate-50 p-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-800">{message.data.text}</pre>
        )}
      </Dialog>
    </>
  );
}
