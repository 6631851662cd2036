import { useState, type FormEvent } from 'react';
import { INSPECTION_CONDITIONS, INSPECTION_LIMITS, INSPECTION_MESSAGES, type Inspection } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useAddItem } from '../api/inspection';
import { InspectionItemCard } from './inspection-item';

/** How far the inspection has come: items with a condition, and how many need attention. */
function Progress({ inspection }: { inspection: Inspection }) {
  const done = inspection.items.filter((i) => i.condition !== null).length;
  const [, soon, now] = INSPECTION_CONDITIONS;
  const count = (condition: string) => inspection.items.filter((i) => i.condition === condition).length;
  return (
    <p className="text-sm text-slate-700" data-testid="inspection-progress">
      {done} of {inspection.items.length} items checked · {count(now)} {now.toLowerCase()} · {count(soon)} {soon.toLowerCase()}
    </p>
  );
}

/** A free item after the checklist: its name, added at once. */
function AddItemForm({ jobId, count }: { jobId: string; count: number }) {
  const add = useAddItem(jobId);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string>();
  const full = count >= INSPECTION_LIMITS.itemsMax;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = label.trim();
    if (!text) return setError(INSPECTION_MESSAGES.labelRequired);
    if (text.length > INSPECTION_LIMITS.labelMax) return setError(INSPECTION_MESSAGES.labelTooLong);
    setError(undefined);
    add.mutate(text, {
      onSuccess: () => setLabel(''),
      onError: (e) => setError(e instanceof ApiError ? (e.errors?.label ?? e.message) : 'The item could not be added. Please try again.'),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-3 sm:p-4" aria-label="Add an item">
      <FormField label="Another item to inspect" error={full ? INSPECTION_MESSAGES.tooManyItems : error} hint="For example Exhaust or Horn.">
        <Input value={label} onChange={(event) => setLabel(event.target.value)} maxLength={INSPECTION_LIMITS.labelMax} disabled={full} className="h-12 text-base" />
      </FormField>
      <Button type="submit" size="lg" variant="secondary" disabled={full || add.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {add.isPending ? 'Adding…' : 'Add item'}
      </Button>
    </form>
  );
}

/** The whole inspection: its progress, every item in order, and the form for one more. */
export function InspectionChecklist({ jobId, inspection }: { jobId: string; inspection: Inspection }) {
  return (
    <div className="grid gap-3">
      <Progress inspection={inspection} />
      {!inspection.editable && (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">This job is completed: its inspection is kept as it was and cannot be changed.</p>
      )}
      <ul className="grid gap-3" aria-label="Checklist">
        {inspection.items.map((item) => (
          <InspectionItemCard key={item._id} jobId={jobId} item={item} editable={inspection.editable} />
        ))}
      </ul>
      {inspection.editable && <AddItemForm jobId={jobId} count={inspection.items.length} />}
    </div>
  );
}
