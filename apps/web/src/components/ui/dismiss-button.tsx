import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The × that closes a notice; `className` gives it the notice's colours. */
export function DismissButton({ onClick, className }: { onClick: () => void; className: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn('-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md', className)}
      aria-label="Dismiss"
    >
      <X className="size-4" aria-hidden />
    </button>
  );
}
