import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'disabled' | 'asChild'> {
  /** While the form's request runs: the button is disabled, busy for screen readers and spins. */
  pending: boolean;
  /** The icon shown while nothing is pending, where the spinner goes. */
  icon?: ReactNode;
}

/** A form's submit button that cannot send twice: it spins and waits while the request runs. */
export function SubmitButton({ pending, icon, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : icon}
      {children}
    </Button>
  );
}
