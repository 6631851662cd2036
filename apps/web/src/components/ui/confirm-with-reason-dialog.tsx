import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FieldMessage } from './field-message';
import { Input, Textarea } from './input';

interface ConfirmWithReasonDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  /** The one text field: a reason (multiline) or a short value such as a buyer. */
  field: {
    label: string;
    placeholder?: string;
    hint?: string;
    multiline?: boolean;
    maxLength?: number;
    /** Set when the field may not be left blank: the message shown then. */
    requiredMessage?: string;
  };
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  pending: boolean;
  /**
   * Called with the text as typed; `showError` puts the server's refusal under the field. The caller
   * closes the dialog on success.
   */
  onConfirm(text: string, showError: (message: string) => void): void;
}

/** A confirmation that asks for one piece of text first, e.g. why an account is suspended or who bought a car. */
export function ConfirmWithReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  field,
  confirmLabel,
  pendingLabel,
  destructive = false,
  pending,
  onConfirm,
}: ConfirmWithReasonDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Each opening starts blank.
  useEffect(() => {
    if (open) {
      setText('');
      setError(null);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (field.requiredMessage && !text.trim()) {
      setError(field.requiredMessage);
      return;
    }
    onConfirm(text, setError);
  };

  const describedBy = [field.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const inputProps = {
    id,
    value: text,
    placeholder: field.placeholder,
    maxLength: field.maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      if (error) setError(null);
    },
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {field.label}
          </label>
          {field.multiline ? <Textarea {...inputProps} /> : <Input {...inputProps} autoComplete="off" />}
          {field.hint && (
            <p id={`${id}-hint`} className="text-xs text-slate-600">
              {field.hint}
            </p>
          )}
          <FieldMessage id={`${id}-error`} message={error} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : undefined} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
