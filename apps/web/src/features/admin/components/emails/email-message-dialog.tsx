import { useState } from 'react';
import { formatDateTime, type EmailLogEntry } from '@dealer/shared';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEmailMessage } from '../../api/get-email-message';

/**
 * The log row's subject opens the message as its recipient got it: the HTML in a frame that runs no
 * script and opens no link (`sandbox`), and the plain-text part below it.
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
          <>
            <iframe title={`The e-mail "${email.subject}" as sent`} sandbox="" srcDoc={message.data.html} className="h-[50vh] w-full rounded border border-slate-200" />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-slate-800">Plain-text version</summary>
              <pre className="mt-2 text-xs break-words whitespace-pre-wrap text-slate-700">{message.data.text}</pre>
            </details>
          </>
        )}
      </Dialog>
    </>
  );
}
