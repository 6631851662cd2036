import { cn } from '@/lib/cn';

/**
 * A field's error line. Its line is always there, empty or not, so a message appearing or going
 * (on blur, on typing) never moves what sits below the field: a button under the pointer between
 * mouse-down and mouse-up would otherwise lose the click.
 */
export function FieldMessage({ id, message, className }: { id: string; message?: string | null; className?: string }) {
  return (
    <div className={cn('min-h-5 text-sm leading-5', className)} data-field-message="">
      {message && (
        <p id={id} role="alert" className="text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
