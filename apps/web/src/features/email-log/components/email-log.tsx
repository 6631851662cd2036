import { RotateCw } from 'lucide-react';
import { formatDateTime, type EmailLogEntry, type EmailStatus } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { TabbedTable } from '@/components/ui/tabbed-table';
import { EmailAddress } from '@/components/ui/email-address';
import { useUrlParams } from '@/lib/use-url-params';
import { EMAIL_LOG_URL_KEYS, emailLogParams, useEmailLog } from '../api/get-email-log';
import { useResendEmail } from '../api/resend-email';
import { EmailMessageButton } from './email-message-dialog';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'queued', label: 'Sending' },
  { value: 'failed', label: 'Failed' },
] as const;

const STATUS: Record<EmailStatus, { label: string; tone: BadgeTone }> = {
  delivered: { label: 'Delivered', tone: 'green' },
  queued: { label: 'Sending', tone: 'yellow' },
  failed: { label: 'Failed', tone: 'red' },
};

/** The kind of message in words: 'booking-received' -> 'Booking received'. */
const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/-/g, ' ');

/** Every e-mail the site sent or is sending: to whom, what, when, and whether it arrived. */
export function EmailLog() {
  const url = useUrlParams(EMAIL_LOG_URL_KEYS);
  const params = emailLogParams(url);
  const { status } = params;

  return (
    <>
      <PageHeader title="E-mail Log" description="Every e-mail the site sends: who it went to, when, and whether it was delivered." />
      <TabbedTable
        url={url}
        tabs={{ label: 'E-mail status', options: TABS, value: status }}
        query={useEmailLog(params)}
        errorTitle="The e-mail log could not be loaded"
        empty={{ title: 'No e-mails yet', text: 'Messages appear here as soon as the site sends them.' }}
        noun="e-mails"
        columns={COLUMNS}
        rowKey={(email) => email._id}
      />
    </>
  );
}

const COLUMNS: Column<EmailLogEntry>[] = [
  { header: 'To', className: 'max-w-[14rem] md:truncate', title: (email) => email.to, cell: (email) => <EmailAddress address={email.to} /> },
  {
    header: 'Subject',
    cell: (email) => (
      <>
        <EmailMessageButton email={email} />
        <span className="block text-xs text-slate-600">{kindLabel(email.kind)}</span>
      </>
    ),
  },
  {
    header: 'Sent',
    className: 'whitespace-nowrap',
    cell: (email) => <time dateTime={email.sentAt ?? email.createdAt}>{formatDateTime(email.sentAt ?? email.createdAt)}</time>,
  },
  {
    header: 'Status',
    cell: (email) => (
      <>
        <Badge tone={STATUS[email.status].tone}>{STATUS[email.status].label}</Badge>
        {email.error && email.status !== 'delivered' && (
          <span className="mt-1 block max-w-[18rem] text-xs break-words text-red-800">
            {email.status === 'queued' ? `Retrying (attempt ${email.attempts}): ` : ''}
            {email.error}
          </span>
        )}
      </>
    ),
  },
  { header: 'Actions', action: true, cell: (email) => email.resendable && <ResendButton email={email} /> },
];

function ResendButton({ email }: { email: EmailLogEntry }) {
  const resend = useResendEmail();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={resend.isPending}
      aria-label={`Resend "${email.subject}" to ${email.to}`}
      onClick={() =>
        resend.mutate(email._id, {
          onSuccess: () => toastSuccess('E-mail queued again'),
          onError: (error) => toastApiError(error, 'The e-mail could not be resent'),
        })
      }
    >
      <RotateCw aria-hidden /> Resend
    </Button>
  );
}
