import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The line a section shows in place of data it could not load; an alert, so a screen reader says it at once. */
export function LoadFailed({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p role="alert" className={cn(className, 'text-sm text-red-800')}>
      {children}
    </p>
  );
}
