import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useTrackModal } from '@/lib/modal-state';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A modal with a title, focus trapped inside and returned to the opener on close. */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  useTrackModal(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="text-sm text-slate-600">{description}</RadixDialog.Description>}
          {children}
          <RadixDialog.Close aria-label="Close" className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100">
            <X className="size-4" aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing anything; 'Cancel' unless that would read like the action. */
  cancelLabel?: string;
  onConfirm(): void;
  pending?: boolean;
  destructive?: boolean;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {/* Side by side where they fit; stacked on a phone, the action on top, so long labels never wrap inside a button. */}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="h-10 rounded-md border border-slate-300 px-4 text-sm font-medium hover:bg-slate-50" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </button>
        <button
          type="button"
          disabled={pending}
          onClick={onConfirm}
          className={cn('h-10 rounded-md px-4 text-sm font-medium text-white disabled:opacity-60', destructive ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800')}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
