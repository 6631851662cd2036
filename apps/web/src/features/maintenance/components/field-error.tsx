import { FieldMessage } from '@/components/ui/field-message';

/** A field's message, under the field (for controls FormField does not wrap: radio groups, calendar, slots). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return <FieldMessage id={id} message={message} className="mt-1.5" />;
}
