import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster'));

/**
 * The notifications: a labelled region holding a polite live region. The region is on every page from
 * the first paint (a live region that appears together with its first message is often not read out);
 * the code that draws toasts loads with the first toast.
 */
export function LazyToaster() {
  const toasts = useToasts();
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed top-0 right-0 z-[100] w-full p-4 sm:top-auto sm:bottom-0 sm:max-w-[420px]">
      <div aria-live="polite" className="flex max-h-screen flex-col gap-2">
        {toasts.length > 0 && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </div>
    </section>
  );
}
