import { useEffect, useId, useState } from 'react';
import type { MaintenanceAppointment } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { useUpdateMaintenanceRequest } from '../../api/update-maintenance-request';
import { Card } from '@/components/ui/card';

const NOTES_MAX = 5000;

interface NotesBoxProps {
  appointment: MaintenanceAppointment;
  field: 'notes' | 'staffNotes';
  title: string;
  /** Who reads what is written here, shown under the title. */
  audience: string;
  label: string;
  placeholder: string;
  saveLabel: string;
  savedToast: string;
}

/** One notes field of a request, trimmed before saving; an emptied box clears it. */
function NotesBox({ appointment, field, title, audience, label, placeholder, saveLabel, savedToast }: NotesBoxProps) {
  const id = useId();
  const saved = appointment[field] ?? '';
  const [text, setText] = useState(saved);
  const mutation = useUpdateMaintenanceRequest();

  useEffect(() => setText(saved), [saved]);

  const save = () => {
    const value = text.trim();
    mutation.mutate(
      { id: appointment._id, changes: { [field]: value === '' ? null : value } },
      {
        onSuccess: () => {
          setText(value);
          toastSuccess(savedToast);
        },
        onError: (error) => toastApiError(error, 'Failed to update maintenance appointment'),
      },
    );
  };

  return (
    <Card title={title}>
      <p id={`${id}-audience`} className="-mt-1 mb-3 text-sm text-slate-600">
        {audience}
      </p>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        value={text}
        maxLength={NOTES_MAX}
        aria-describedby={`${id}-audience`}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
      />
      <div className="mt-3 flex items-center justify-between gap-2">
        <span className="text-xs text-slate-500">
          {text.length}/{NOTES_MAX}
        </span>
        <Button onClick={save} disabled={mutation.isPending || text.trim() === saved.trim()}>
          {mutation.isPending ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </Card>
  );
}

/** The appointment's notes box: what is saved here is shown on the customer's history card. */
export function CustomerNotes({ appointment }: { appointment: MaintenanceAppointment }) {
  return (
    <NotesBox
      appointment={appointment}
      field="notes"
      title="Notes for the Customer"
      audience="The customer sees these notes on the appointment in their maintenance history."
      label="Notes for the customer"
      placeholder="e.g. Your car is ready for collection after 4 PM."
      saveLabel="Save Notes"
      savedToast="Notes saved successfully"
    />
  );
}

/** Remarks for the workshop only: the API never sends them to the customer. */
export function StaffNotes({ appointment }: { appointment: MaintenanceAppointment }) {
  return (
    <NotesBox
      appointment={appointment}
      field="staffNotes"
      title="Staff-only Notes"
      audience="Only staff see these notes; they are never shown to the customer."
      label="Staff-only notes"
      placeholder="e.g. Customer declined the brake pad replacement; quote again at the next service."
      saveLabel="Save Staff Notes"
      savedToast="Staff notes saved successfully"
    />
  );
}
