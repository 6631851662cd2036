import { AlertTriangle, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A full-width message for the error, not-found and empty states. */
export function StateMessage({
  tone = 'info',
  title,
  children,
  action,
  className,
}: {
  tone?: 'info' | 'error';
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'error' ? AlertTriangle : SearchX;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn('flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center', className)}
    >
      <Icon className={cn('size-10', tone === 'error' ? 'text-red-600' : 'text-slate-400')} aria-hidden />
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children && <div className="max-w-md text-sm text-slate-600">{children}</div>}
      {action}
    </div>
  );
}
