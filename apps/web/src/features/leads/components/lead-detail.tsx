import { BadgeCheck, Send, StickyNote } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import {
  LEAD_SOURCE_LABELS,
  OPEN_LEAD_STATUSES,
  formatDateTime,
  formatPrice,
  isOpenLeadStatus,
  type LeadDetail as Lead,
  type LeadEvent,
  type LeadStatus,
} from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Card, DetailItem } from '@/components/ui/card';
import { DetailCard } from '@/components/ui/detail-card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { RecordStates, recordTexts } from '@/components/ui/record-states';
import { RecordTitle } from '@/components/ui/record-title';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAddLeadNote, useReplyToLead, useSellToLead, useUpdateLead } from '../api/change-lead';
import { useLead } from '../api/get-lead';
import { useLeadOwners } from '../api/get-lead-owners';
import { ContactClicksCard } from './contact-clicks-card';
import { LeadStatusBadge, ResponseClock } from './lead-status-badge';

const back = { to: paths.admin.leads, label: 'Back to Leads' };
const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.errors?.[field] : undefined);

/** One lead: the customer, the car, its history, and what sales can do with it. */
export function LeadDetail({ id }: { id: string }) {
  return (
    <RecordStates query={useLead(id)} back={back} {...recordTexts('lead')}>
      {(lead) => <LeadView lead={lead} />}
    </RecordStates>
  );
}

function LeadView({ lead }: { lead: Lead }) {
  const open = isOpenLeadStatus(lead.status);
  return (
    <>
      <RecordTitle back={back} title={lead.customer.name}>
        <LeadStatusBadge status={lead.status} />
        <span className="text-sm text-slate-700">
          {LEAD_SOURCE_LABELS[lead.source]} about{' '}
          <Link to={paths.admin.vehicle(lead.vehicle._id)} className="font-medium text-brand-700 hover:underline">
            {lead.vehicle.title}
          </Link>
        </span>
      </RecordTitle>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          {open && <ReplyForm lead={lead} />}
          <NoteForm lead={lead} />
          <History events={lead.events} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <DetailCard title="Customer">
            <DetailItem label="E-mail">
              <a className="text-brand-700 hover:underline" href={`mailto:${lead.customer.email}`}>
                {lead.customer.email}
              </a>
            </DetailItem>
            <DetailItem label="Phone">{lead.customer.phone ?? '—'}</DetailItem>
            {lead.offerCents !== null && <DetailItem label="Latest offer">{formatPrice(lead.offerCents / 100)}</DetailItem>}
            <DetailItem label="Enquiries">{lead.enquiries}</DetailItem>
            <DetailItem label="Received">{formatDateTime(lead.createdAt)}</DetailItem>
            <DetailItem label="First response">
              <ResponseClock lead={lead} />
            </DetailItem>
            {lead.lostReason && <DetailItem label="Why it was lost">{lead.lostReason}</DetailItem>}
          </DetailCard>
          {open && <StatusForm lead={lead} />}
          {open && lead.vehicle.status !== 'sold' && <SaleButton lead={lead} />}
          <ContactClicksCard vehicleId={lead.vehicle._id} />
        </div>
      </div>
    </>
  );
}

function StatusForm({ lead }: { lead: Lead }) {
  const owners = useLeadOwners();
  const update = useUpdateLead();
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [lostReason, setLostReason] = useState('');
  const [ownerId, setOwnerId] = useState(lead.owner?._id ?? '');
  const choices = [...OPEN_LEAD_STATUSES, 'Lost'] as const;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = {
      ...(status !== lead.status ? { status, ...(status === 'Lost' ? { lostReason } : {}) } : {}),
      ...(ownerId !== (lead.owner?._id ?? '') ? { ownerId: ownerId || null } : {}),
    };
    update.mutate(
      { id: lead._id, changes },
      {
        onSuccess: () => toastSuccess('Lead updated'),
        onError: (error) => toastApiError(error, 'The lead could not be updated'),
      },
    );
  };
  return (
    <Card title="Status and owner">
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <FormField label="Status" error={fieldError(update.error, 'status')}>
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as LeadStatus)}>
            {choices.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {status === 'Lost' && (
          <FormField label="Why was it lost?" error={fieldError(update.error, 'lostReason')}>
            <Input value={lostReason} onChange={(e) => setLostReason(e.target.value)} />
          </FormField>
        )}
        <FormField label="Owner" error={fieldError(update.error, 'ownerId')}>
          <NativeSelect value={ownerId} onChange={(e) => setOwnerId(e.target.value)}>
            <option value="">Nobody</option>
            {owners.data?.map((o) => (
              <option key={o._id} value={o._id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <SubmitButton pending={update.isPending}>Save</SubmitButton>
        <p className="text-xs text-slate-600">A lead is Won when its car is sold to its customer: use the button below.</p>
      </form>
    </Card>
  );
}

function SaleButton({ lead }: { lead: Lead }) {
  const [confirming, setConfirming] = useState(false);
  const sell = useSellToLead();
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <BadgeCheck aria-hidden /> Sold to this customer
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Mark the car sold to this customer?"
        description={`${lead.vehicle.title} is marked sold to ${lead.customer.name}; this lead is Won, and the car's other open leads are told it has been sold.`}
        confirmLabel="Mark sold"
        destructive={false}
        pending={sell.isPending}
        onConfirm={() =>
          sell.mutate(
            { id: lead._id },
            {
              onSuccess: () => {
                setConfirming(false);
                toastSuccess('Sold: the lead is Won');
              },
              onError: (error) => toastApiError(error, 'The sale could not be recorded'),
            },
          )
        }
      />
    </>
  );
}

function ReplyForm({ lead }: { lead: Lead }) {
  const reply = useReplyToLead();
  return (
    <LeadTextCard
      title="Reply by e-mail"
      label={`Your reply to ${lead.customer.name}`}
      rows={5}
      error={fieldError(reply.error, 'message')}
      send={(message, sent) =>
        reply.mutate(
          { id: lead._id, message },
          {
            onSuccess: () => {
              sent();
              toastSuccess('Reply sent', `E-mailed to ${lead.customer.email}`);
            },
            onError: (error) => toastApiError(error, 'The reply could not be sent'),
          },
        )
      }
    >
      <SubmitButton className="justify-self-start" pending={reply.isPending} icon={<Send aria-hidden />}>
        Send reply
      </SubmitButton>
    </LeadTextCard>
  );
}

function NoteForm({ lead }: { lead: Lead }) {
  const note = useAddLeadNote();
  return (
    <LeadTextCard
      title="Notes"
      label="A note for the sales team"
      hint="Only staff see notes."
      rows={3}
      error={fieldError(note.error, 'text')}
      send={(text, sent) =>
        note.mutate(
          { id: lead._id, text },
          { onSuccess: sent, onError: (error) => toastApiError(error, 'The note could not be saved') },
        )
      }
    >
      <Button type="submit" variant="outline" className="justify-self-start" disabled={note.isPending}>
        <StickyNote aria-hidden /> Save Note
      </Button>
    </LeadTextCard>
  );
}

interface LeadTextCardProps {
  title: string;
  label: string;
  hint?: string;
  rows: number;
  error?: string;
  /** Sends what was typed; `sent` empties the box, once the server has it (a failed send keeps the text). */
  send(text: string, sent: () => void): void;
  /** The submit button. */
  children: ReactNode;
}

/** A card with one text box for the lead (a reply, a note) and its button. */
function LeadTextCard({ title, label, hint, rows, error, send, children }: LeadTextCardProps) {
  const [text, setText] = useState('');
  return (
    <Card title={title}>
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(text, () => setText(''));
        }}
      >
        <FormField label={label} hint={hint} error={error}>
          <Textarea rows={rows} value={text} onChange={(e) => setText(e.target.value)} />
        </FormField>
        {children}
      </form>
    </Card>
  );
}

const EVENT_TITLES: Record<LeadEvent['kind'], (e: LeadEvent) => string> = {
  enquiry: (e) =>
    `${e.source ? LEAD_SOURCE_LABELS[e.source] : 'Enquiry'} from the customer${e.offerCents !== null ? `: offer ${formatPrice(e.offerCents / 100)}` : ''}`,
  note: (e) => `Note by ${e.actor?.name ?? 'staff'}`,
  reply: (e) => `Reply e-mailed by ${e.actor?.name ?? 'staff'}`,
  status: (e) => `Status: ${e.status ?? ''}${e.actor ? ` (${e.actor.name})` : ''}`,
  owner: (e) => `${e.text ?? 'Owner changed'}${e.actor ? ` (${e.actor.name})` : ''}`,
  'sold-elsewhere': () => 'The car was sold to another customer: told by e-mail',
  'trade-in': (e) =>
    e.offerCents !== null
      ? `Trade-in offer of ${formatPrice(e.offerCents / 100)} made by ${e.actor?.name ?? 'staff'}`
      : 'Trade-in sent for valuation by the customer',
};

function History({ events }: { events: LeadEvent[] }) {
  return (
    <Card title="History">
      <ol className="grid gap-4">
        {[...events].reverse().map((event) => (
          <li key={event._id} className="border-l-2 border-slate-200 pl-3">
            <p className="text-sm font-medium text-slate-900">{EVENT_TITLES[event.kind](event)}</p>
            <p className="text-xs text-slate-600">
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            </p>
            {event.text && event.kind !== 'owner' && (
              <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{event.text}</p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
