import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { TOAST } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts, type ToastItem } from './toast-store';

const VARIANTS = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
} as const;

/**
 * The open toasts, a failure as an alert. They render inside LazyToaster's live region, which is on the
 * page from the start, so even the first toast is read out. A toast closes itself after
 * TOAST.durationMs, but not while the pointer or the focus is on it. (Radix Toast did this with two
 * unnamed focusable spans around the list, which axe's focus-order-semantics rule reports; this needs none.)
 */
export default function Toaster() {
  const open = useToasts().filter((t) => t.open);
  return open.map((t) => <ToastCard key={t.id} toast={t} />);
}

function ToastCard({ toast }: { toast: ToastItem }) {
  const [held, setHeld] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST.durationMs);
    return () => clearTimeout(timer);
  }, [held, toast.id]);
  return (
    <div
      ref={card}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(card.current?.contains(document.activeElement) ?? false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => setHeld(card.current?.contains(event.relatedTarget as Node | null) ?? false)}
      className={cn('pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg', VARIANTS[toast.variant ?? 'default'])}
    >
      <div className="grid gap-1">
        {toast.title && <p className="text-sm font-semibold">{toast.title}</p>}
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
      </div>
      <button type="button" aria-label="Close" onClick={() => dismissToast(toast.id)} className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
