import { useSyncExternalStore } from 'react';
import { TOAST } from '@dealer/shared';
import { describeApiError } from '@/lib/api-error-toast';

export interface ToastItem {
  id: string;
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  open: boolean;
}

type Listener = () => void;
let toasts: ToastItem[] = [];
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function emit() {
  for (const listener of listeners) listener();
}

/** A dismissed toast stays for TOAST.removeDelayMs, then leaves the DOM. */
export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) {
    if (!t.open && !removeTimers.has(t.id)) {
      removeTimers.set(
        t.id,
        setTimeout(() => {
          removeTimers.delete(t.id);
          toasts = toasts.filter((x) => x.id !== t.id);
          emit();
        }, TOAST.removeDelayMs),
      );
    }
  }
  emit();
}

/** Shows a toast; only one is on screen at a time. */
export function toast(input: Omit<ToastItem, 'id' | 'open'>): string {
  nextId += 1;
  const id = String(nextId);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST.limit);
  emit();
  return id;
}

export function toastSuccess(title: string, description?: string) {
  return toast({ title, description, variant: 'success' });
}

/** The generic failure toast: 'Error' with the server's message, or a fallback when there is none. */
export function toastApiError(error: unknown, fallback: string) {
  return toast({ ...describeApiError(error, fallback), variant: 'destructive' });
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
