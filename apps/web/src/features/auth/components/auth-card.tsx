import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The frame of the login and register pages. */
export function AuthCard({ title, subtitle, children, footer, wide }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div className={cn('mx-auto w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8', wide ? 'max-w-2xl' : 'max-w-md')}>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

/** What the server said about the whole form, when no single field is to blame. */
export function AuthFormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
