import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled part of a settings screen or form: its heading, a line on what it is for, then its fields. */
export function FormSection({ id, title, description, className, children }: { id: string; title: string; description: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <h2 id={id} className="mb-1 text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </section>
  );
}
