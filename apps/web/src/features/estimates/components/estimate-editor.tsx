import { Plus, Send, Trash2 } from 'lucide-react';
import { cloneElement, useState, type FormEvent, type ReactElement } from 'react';
import {
  ESTIMATE_LIMITS,
  ESTIMATE_LINE_KINDS,
  ESTIMATE_MESSAGES,
  estimateTotals,
  formatCents,
  formatDateTime,
  formatHundredths,
  lineAmountCents,
  parseHundredths,
  type EstimateEditor as Editor,
  type EstimateLineInput,
  type EstimateLineKind,
} from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldMessage } from '@/components/ui/field-message';
import { Input, NativeSelect } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSaveEstimate, useSendEstimate } from '../api/estimates';
import { FindingNote, TotalsList, lineMath } from './estimate-lines';

interface Row {
  key: number;
  kind: EstimateLineKind;
  description: string;
  /** Hours (labour) or units, as typed: at most two decimals. */
  quantity: string;
  /** Dollars and cents as typed (not for labour: the workshop's hourly rate). */
  unitPrice: string;
  inspectionItemId: string;
}
type RowErrors = Partial<Record<'kind' | 'description' | 'quantity' | 'unitPrice' | 'inspectionItemId', string>>;

let nextKey = 1;
const emptyRow = (kind: EstimateLineKind = 'Labour'): Row => ({ key: nextKey++, kind, description: '', quantity: kind === 'Labour' ? '1' : '1', unitPrice: '', inspectionItemId: '' });

function rowsOf(editor: Editor): Row[] {
  return (editor.estimate?.lines ?? []).map((l) => ({
    key: nextKey++,
    kind: l.kind,
    description: l.description,
    quantity: formatHundredths(l.quantityHundredths),
    unitPrice: l.kind === 'Labour' ? '' : formatCents(l.unitPriceCents).replace(/^\$/, '').replace(/,/g, ''),
    inspectionItemId: l.finding?._id ?? '',
  }));
}

/** A row's amount in cents, from the integers it parses to (null while it does not parse). */
function amountOf(row: Row, hourlyRateCents: number): number | null {
  const quantity = parseHundredths(row.quantity);
  const price = row.kind === 'Labour' ? hourlyRateCents : parseHundredths(row.unitPrice);
  return quantity === null || price === null ? null : lineAmountCents(quantity, price);
}

/**
 * The advisor's estimate: lines of labour (hours at the workshop's hourly rate), parts and fees, each
 * optionally answering an inspection finding; saved as a draft, then sent to the customer (which
 * e-mails them a link and moves the job to Waiting for approval). Figures shown here are previews from
 * integer cents; the server's are the ones kept.
 */
export function EstimateEditorForm({ editor }: { editor: Editor }) {
  const [rows, setRows] = useState<Row[]>(() => (editor.estimate ? rowsOf(editor) : [emptyRow()]));
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(!editor.estimate);
  const save = useSaveEstimate(editor.appointmentId);
  const send = useSendEstimate(editor.appointmentId);
  const estimate = editor.estimate;

  const change = (key: number, patch: Partial<Row>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setDirty(true);
  };
  const addRow = (row: Row) => {
    setRows((all) => [...all, row]);
    setDirty(true);
  };
  const addFinding = (findingId: string) => {
    const finding = editor.findings.find((f) => f._id === findingId)!;
    const description = `${finding.label}${finding.note ? `: ${finding.note}` : ''}`.slice(0, ESTIMATE_LIMITS.descriptionMax);
    addRow({ ...emptyRow('Labour'), description, inspectionItemId: finding._id });
  };

  const amounts = rows.map((r) => amountOf(r, editor.hourlyRateCents));
  const preview = estimateTotals(amounts.map((a) => a ?? 0), editor.taxRateBasisPoints);

  function validate(): EstimateLineInput[] | null {
    const next: Record<number, RowErrors> = {};
    const lines = rows.map((row, index) => {
      const e: RowErrors = {};
      const quantity = parseHundredths(row.quantity);
      const price = row.kind === 'Labour' ? undefined : parseHundredths(row.unitPrice);
      if (row.description.trim() === '') e.description = ESTIMATE_MESSAGES.description;
      if (quantity === null || quantity < 1) e.quantity = row.kind === 'Labour' ? ESTIMATE_MESSAGES.hours : ESTIMATE_MESSAGES.quantity;
      else if (quantity > ESTIMATE_LIMITS.quantityHundredthsMax) e.quantity = ESTIMATE_MESSAGES.quantityTooHigh;
      if (price === null) e.unitPrice = ESTIMATE_MESSAGES.unitPrice;
      else if (price !== undefined && price > ESTIMATE_LIMITS.unitPriceCentsMax) e.unitPrice = ESTIMATE_MESSAGES.unitPriceTooHigh;
      if (Object.keys(e).length > 0) next[index] = e;
      return {
        kind: row.kind,
        description: row.description.trim(),
        quantityHundredths: quantity ?? 0,
        ...(price !== undefined && price !== null ? { unitPriceCents: price } : {}),
        inspectionItemId: row.inspectionItemId || null,
      };
    });
    setErrors(next);
    if (rows.length === 0) {
      setFormError(ESTIMATE_MESSAGES.noLines);
      return null;
    }
    setFormError(null);
    return Object.keys(next).length > 0 ? null : lines;
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const lines = validate();
    if (!lines) return;
    try {
      const saved = await save.mutateAsync({ lines, expectedUpdatedAt: estimate?.updatedAt ?? null });
      setRows(rowsOf(saved));
      setDirty(false);
      toastSuccess('Estimate saved', saved.estimate && saved.estimate.version > 0 ? 'It must be sent again: the last link no longer works.' : 'Send it to the customer when it is ready.');
    } catch (error) {
      if (error instanceof ApiError && error.errors && error.status === 422) {
        const next: Record<number, RowErrors> = {};
        const field = { kind: 'kind', description: 'description', quantityHundredths: 'quantity', unitPriceCents: 'unitPrice', inspectionItemId: 'inspectionItemId' } as const;
        for (const [path, message] of Object.entries(error.errors)) {
          const match = /^lines\.(\d+)\.(\w+)$/.exec(path);
          const name = match ? field[match[2] as keyof typeof field] : undefined;
          if (match && name) next[Number(match[1])] = { ...next[Number(match[1])], [name]: message };
          else setFormError(message);
        }
        setErrors(next);
        return;
      }
      setFormError(error instanceof Error ? error.message : 'The estimate could not be saved');
    }
  }

  async function onSend() {
    try {
      await send.mutateAsync(undefined);
      toastSuccess('Estimate sent', `${editor.customerName} was e-mailed a link to decide. The job is waiting for approval.`);
    } catch (error) {
      toastApiError(error, 'The estimate could not be sent');
    }
  }

  const findingName = (id: string) => editor.findings.find((f) => f._id === id)?.label ?? '';

  if (!editor.editable || estimate?.status === 'Decided') return <ReadOnlyEstimate editor={editor} />;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={(e) => void onSave(e)} className="grid min-w-0 content-start gap-4" aria-label="Estimate lines">
        <Card
          title="Lines"
          actions={estimate && <StatusBadge status={estimate.status === 'Sent' ? `Sent (version ${estimate.version})` : 'Draft'} className="normal-case" />}
        >
          <ol className="grid gap-4">
            {rows.map((row, index) => {
              const e = errors[index] ?? {};
              const n = index + 1;
              const amount = amounts[index];
              return (
                <li key={row.key} className="grid gap-2 rounded-md border border-slate-200 p-3" data-testid="estimate-row">
                  <div className="flex items-center justify-between gap-2">
                    <p className="text-sm font-semibold text-slate-900">Line {n}</p>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        setRows((all) => all.filter((r) => r.key !== row.key));
                        setErrors({});
                        setDirty(true);
                      }}
                    >
                      <Trash2 aria-hidden /> Remove<span className="sr-only"> line {n}</span>
                    </Button>
                  </div>
                  <div className="grid gap-2 sm:grid-cols-[8rem_minmax(0,1fr)]">
                    <Field label={`Line ${n} kind`} visible="Kind" error={e.kind} id={`row-${row.key}-kind`}>
                      <NativeSelect value={row.kind} onChange={(ev) => change(row.key, { kind: ev.target.value as EstimateLineKind })}>
                        {ESTIMATE_LINE_KINDS.map((k) => (
                          <option key={k}>{k}</option>
                        ))}
                      </NativeSelect>
                    </Field>
                    <Field label={`Line ${n} description`} visible="Description" error={e.description} id={`row-${row.key}-description`}>
                      <Input value={row.description} maxLength={ESTIMATE_LIMITS.descriptionMax} onChange={(ev) => change(row.key, { description: ev.target.value })} />
                    </Field>
                  </div>
                  <div className="grid gap-2 sm:grid-cols-3">
                    <Field label={`Line ${n} ${row.kind === 'Labour' ? 'hours' : 'quantity'}`} visible={row.kind === 'Labour' ? 'Hours' : 'Quantity'} error={e.quantity} id={`row-${row.key}-quantity`}>
                      <Input inputMode="decimal" autoComplete="off" value={row.quantity} onChange={(ev) => change(row.key, { quantity: ev.target.value })} />
                    </Field>
                    {row.kind === 'Labour' ? (
                      <div className="grid content-start gap-1.5">
                        <p className="text-sm font-medium text-slate-800">Rate</p>
                        <p className="py-2 text-sm text-slate-700">{formatCents(editor.hourlyRateCents)} an hour</p>
                      </div>
                    ) : (
                      <Field label={`Line ${n} unit price ($)`} visible="Unit price ($)" error={e.unitPrice} id={`row-${row.key}-price`}>
                        <Input inputMode="decimal" autoComplete="off" value={row.unitPrice} onChange={(ev) => change(row.key, { unitPrice: ev.target.value })} />
                      </Field>
                    )}
                    <Field label={`Line ${n} finding`} visible="Finding" error={e.inspectionItemId} id={`row-${row.key}-finding`}>
                      <NativeSelect value={row.inspectionItemId} onChange={(ev) => change(row.key, { inspectionItemId: ev.target.value })}>
                        <option value="">None</option>
                        {editor.findings.map((f) => (
                          <option key={f._id} value={f._id}>
                            {f.label}
                            {f.condition ? ` (${f.condition})` : ''}
                          </option>
                        ))}
                      </NativeSelect>
                    </Field>
                  </div>
                  <p className="text-right text-sm text-slate-700">
                    Amount: <span className="font-semibold text-slate-900 tabular-nums">{amount == null ? '-' : formatCents(amount)}</span>
                    {row.inspectionItemId && <span className="sr-only">, answers the finding {findingName(row.inspectionItemId)}</span>}
                  </p>
                </li>
              );
            })}
          </ol>
          <div className="mt-3 flex flex-wrap gap-2">
            {ESTIMATE_LINE_KINDS.map((kind) => (
              <Button key={kind} type="button" variant="outline" size="sm" onClick={() => addRow(emptyRow(kind))}>
                <Plus aria-hidden /> {kind}
              </Button>
            ))}
          </div>
        </Card>
        {formError && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save estimate'}
          </Button>
          <Button type="button" variant="secondary" disabled={dirty || !estimate || send.isPending} onClick={() => void onSend()}>
            <Send aria-hidden /> {estimate?.status === 'Sent' ? 'Send again' : 'Send to customer'}
          </Button>
          {dirty && estimate && <p className="text-sm text-slate-600">Save your changes before sending.</p>}
        </div>
      </form>
      <div className="grid content-start gap-4">
        <Card title="Total">
          <TotalsList totals={preview} taxRateBasisPoints={editor.taxRateBasisPoints} label="Estimate total" />
          {estimate?.sentAt && (
            <p className="mt-3 text-xs text-slate-600">
              Last sent {formatDateTime(estimate.sentAt)}
              {estimate.sentBy ? ` by ${estimate.sentBy}` : ''} to {editor.customerEmail}.
            </p>
          )}
        </Card>
        <Card title="Inspection findings">
          {editor.findings.length === 0 ? (
            <p className="text-sm text-slate-600">No inspection recorded for this job yet.</p>
          ) : (
            <ul className="grid gap-3">
              {editor.findings.map((finding) => (
                <li key={finding._id} className="grid gap-2">
                  <FindingNote finding={finding} />
                  <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => addFinding(finding._id)}>
                    <Plus aria-hidden /> Add as a line<span className="sr-only">: {finding.label}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

/** A labelled control with its message line; the label names the line for screen readers. */
function Field({ id, label, visible, error, children }: { id: string; label: string; visible: string; error?: string; children: ReactElement<Record<string, unknown>> }) {
  const control = cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined });
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <span aria-hidden>{visible}</span>
        <span className="sr-only">{label}</span>
      </label>
      {control}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** A decided estimate (or one the caller may only read): lines, decisions, totals, who decided and from where. */
function ReadOnlyEstimate({ editor }: { editor: Editor }) {
  const estimate = editor.estimate;
  if (!estimate) return <p className="text-sm text-slate-600">No estimate has been written for this job yet.</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card title="Lines" actions={<StatusBadge status={estimate.status} />}>
        <ol className="grid gap-3">
          {estimate.lines.map((line) => (
            <li key={line._id} className="grid gap-2 rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-xs font-medium text-slate-600 uppercase">{line.kind}</p>
                  <p className="font-medium break-words text-slate-900">{line.description}</p>
                  <p className="text-sm text-slate-700">{lineMath(line)}</p>
                </div>
                <p className="font-semibold tabular-nums">{formatCents(line.amountCents)}</p>
              </div>
              {line.decision && <StatusBadge status={line.decision} className="justify-self-start" />}
              {line.finding && <FindingNote finding={line.finding} />}
            </li>
          ))}
        </ol>
      </Card>
      <div className="grid content-start gap-4">
        <Card title={estimate.approved ? 'Approved work' : 'Total'}>
          <TotalsList totals={estimate.approved ?? estimate.totals} taxRateBasisPoints={estimate.taxRateBasisPoints} label="Estimate total" />
          {estimate.decidedAt && (
            <p className="mt-3 text-xs text-slate-600">
              Decided {formatDateTime(estimate.decidedAt)} by {estimate.decidedName}
              {estimate.decidedIp ? ` from ${estimate.decidedIp}` : ''}. All lines came to {formatCents(estimate.totals.totalCents)}.
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}
