import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  ESTIMATE_LINE_DECISIONS,
  ESTIMATE_MESSAGES,
  estimateTotals,
  formatCents,
  formatDateTime,
  type Estimate,
  type EstimateLineDecision,
} from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { DecisionValues } from '../api/estimates';
import { FindingNote, TotalsList, lineMath } from './estimate-lines';

const CHOICE_LABEL: Record<EstimateLineDecision, string> = { Approved: 'Approve', Declined: 'Decline' };

interface Props {
  estimate: Estimate;
  /** Sends the decision; resolves with the decided estimate (the page shows it). */
  decide: (values: DecisionValues) => Promise<unknown>;
  pending: boolean;
}

/**
 * The customer's decision: each line with the finding it answers, approve or decline each, a running
 * total of the approved lines (recomputed here from the server's integer cents), and the full name
 * typed to confirm. A decided estimate shows what was decided, by whom and when.
 */
export function EstimateDecision({ estimate, decide, pending }: Props) {
  const [choices, setChoices] = useState<Record<string, EstimateLineDecision>>({});
  const [fullName, setFullName] = useState('');
  const [errors, setErrors] = useState<{ decisions?: string; fullName?: string; form?: string }>({});
  const decided = estimate.status === 'Decided';
  const open = estimate.status === 'Sent';

  const approvedAmounts = estimate.lines.filter((l) => (decided ? l.decision : choices[l._id]) === 'Approved').map((l) => l.amountCents);
  const running = decided && estimate.approved ? estimate.approved : estimateTotals(approvedAmounts, estimate.taxRateBasisPoints);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (estimate.lines.some((l) => !choices[l._id])) next.decisions = ESTIMATE_MESSAGES.decisionEach;
    if (fullName.trim() === '') next.fullName = ESTIMATE_MESSAGES.fullName;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await decide({ decisions: estimate.lines.map((l) => ({ lineId: l._id, decision: choices[l._id]! })), fullName });
    } catch (error) {
      if (error instanceof ApiError && error.errors && error.status === 422) {
        setErrors({ fullName: error.errors.fullName, decisions: error.errors.decisions, form: error.errors.fullName || error.errors.decisions ? undefined : error.message });
      } else {
        setErrors({ form: error instanceof Error ? error.message : 'Your decision could not be sent. Please try again.' });
      }
    }
  }

  return (
    <div className="grid gap-4">
      {decided && (
        <div role="status" className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            Decided on {formatDateTime(estimate.decidedAt)} by {estimate.decidedName}. Approved work: {formatCents(running.totalCents)} with tax. Declined work stays on
            your vehicle&apos;s record as recommended work.
          </p>
        </div>
      )}
      {estimate.status === 'Draft' && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          {ESTIMATE_MESSAGES.changedSinceSent}
        </p>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Your decision">
        <ol className="grid gap-3" aria-label="Estimate lines">
          {estimate.lines.map((line) => (
            <li key={line._id} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" data-testid="estimate-line">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{line.kind}</p>
                  <h2 className="font-semibold break-words text-slate-900">{line.description}</h2>
                  <p className="text-sm text-slate-700">{lineMath(line)}</p>
                </div>
                <p className="text-lg font-semibold text-slate-900 tabular-nums">{formatCents(line.amountCents)}</p>
              </div>
              {line.finding && <FindingNote finding={line.finding} />}
              {decided && line.decision ? (
                <p>
                  <StatusBadge status={line.decision} />
                </p>
              ) : open ? (
                <fieldset className="flex flex-wrap gap-2">
                  <legend className="sr-only">{line.description}</legend>
                  {ESTIMATE_LINE_DECISIONS.map((decision) => (
                    <label
                      key={decision}
                      className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                        choices[line._id] === decision
                          ? decision === 'Approved'
                            ? 'border-emerald-600 bg-emerald-50 text-emerald-900'
                            : 'border-red-600 bg-red-50 text-red-900'
                          : 'border-slate-300 bg-white text-slate-800'
                      }`}
                    >
                      <input
                        type="radio"
                        name={`line-${line._id}`}
                        value={decision}
                        checked={choices[line._id] === decision}
                        onChange={() => setChoices((c) => ({ ...c, [line._id]: decision }))}
                        className="size-4 accent-brand-700"
                      />
                      {CHOICE_LABEL[decision]}
                      <span className="sr-only"> {line.description}</span>
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </li>
          ))}
        </ol>

        <section aria-labelledby="estimate-total" className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="estimate-total" className="font-semibold text-slate-900">
            {decided ? 'Approved work' : open ? 'Approved so far' : 'Estimate total'}
          </h2>
          <div aria-live="polite">
            <TotalsList totals={open || decided ? running : estimate.totals} taxRateBasisPoints={estimate.taxRateBasisPoints} label={decided ? 'Approved total' : 'Running total'} />
          </div>
          {open && <p className="text-xs text-slate-600">All {estimate.lines.length} lines come to {formatCents(estimate.totals.totalCents)} with tax.</p>}
        </section>

        {open && (
          <section aria-labelledby="estimate-confirm" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id="estimate-confirm" className="font-semibold text-slate-900">
              Confirm
            </h2>
            <div className="min-h-5 text-sm" aria-live="polite">
              {errors.decisions && (
                <p role="alert" className="text-red-700">
                  {errors.decisions}
                </p>
              )}
            </div>
            <FormField label="Your full name" error={errors.fullName} hint={`As on the booking. Your decision is final: the approved work becomes the job's cost.`}>
              <Input autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} maxLength={120} />
            </FormField>
            {errors.form && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                {errors.form}
              </p>
            )}
            <Button type="submit" className="justify-self-start" disabled={pending}>
              {pending ? 'Sending...' : 'Confirm my decision'}
            </Button>
          </section>
        )}
      </form>
    </div>
  );
}
