import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { TOAST } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts } from './toast-store';

const VARIANTS = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
} as const;

export default function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST.durationMs} swipeDirection="right" swipeThreshold={TOAST.swipeThreshold}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=closed]:hidden data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            VARIANTS[t.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Close" className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-[420px]" />
    </Toast.Provider>
  );
}
