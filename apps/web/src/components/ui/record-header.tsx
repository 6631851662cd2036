import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Where the title and the actions stop stacking and sit side by side. */
const ROW_FROM = {
  sm: 'sm:flex-row sm:items-start sm:justify-between',
  lg: 'lg:flex-row lg:items-start lg:justify-between',
} as const;

interface RecordHeaderProps {
  title: ReactNode;
  /** Beside the title: the record's status badge. */
  badge: ReactNode;
  /** One line under the title that says which record this is. */
  subtitle: ReactNode;
  actions: ReactNode;
  rowFrom?: keyof typeof ROW_FROM;
}

/** The head of a detail screen: the record's title and status, a line about it, and what can be done to it. */
export function RecordHeader({ title, badge, subtitle, actions, rowFrom = 'sm' }: RecordHeaderProps) {
  return (
    <div className={cn('mb-6 flex flex-col gap-4', ROW_FROM[rowFrom])}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{title}</h1>
          {badge}
        </div>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}
