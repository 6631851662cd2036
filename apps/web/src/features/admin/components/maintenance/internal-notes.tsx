import { useEffect, useId, useState } from 'react';
import type { MaintenanceAppointment } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { useUpdateMaintenanceRequest } from '../../api/update-maintenance-request';
import { Card } from '../shared/card';

const NOTES_MAX = 5000;

/** The workshop's own notes on a request, trimmed before saving (spec 5). */
export function InternalNotes({ appointment }: { appointment: MaintenanceAppointment }) {
  const id = useId();
  const saved = appointment.notes ?? '';
  const [text, setText] = useState(saved);
  const mutation = useUpdateMaintenanceRequest();

  useEffect(() => setText(saved), [saved]);

  const save = () => {
    const notes = text.trim();
    mutation.mutate(
      { id: appointment._id, changes: { notes: notes === '' ? null : notes } },
      {
        onSuccess: () => {
          setText(notes);
          toastSuccess('Notes saved successfully');
        },
        onError: (error) => toastApiError(error, 'Failed to update maintenance appointment'),
      },
    );
  };

  return (
    <Card title="Internal Notes">
      <label htmlFor={id} className="sr-only">
        Internal notes
      </label>
      <Textarea
        id={id}
        value={text}
        maxLength={NOTES_MAX}
        onChange={(e) => setText(e.target.value)}
        placeholder="Notes on this request (the customer sees them in their maintenance history)"
      />
      <div className="mt-3 flex items-center justify-between gap-2">
        <span className="text-xs text-slate-500">
          {text.length}/{NOTES_MAX}
        </span>
        <Button onClick={save} disabled={mutation.isPending || text.trim() === saved.trim()}>
          {mutation.isPending ? 'Saving...' : 'Save Notes'}
        </Button>
      </div>
    </Card>
  );
}
