import type { HTMLAttributes } from 'react';
import { withOverrides } from '@/lib/class-overrides';

const TONES = {
  gray: 'bg-slate-100 text-slate-800',
  blue: 'bg-blue-100 text-blue-800',
  green: 'bg-emerald-100 text-emerald-800',
  yellow: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-800',
  purple: 'bg-violet-100 text-violet-800',
} as const;
export type BadgeTone = keyof typeof TONES;

const STATUS_TONES: Record<string, BadgeTone> = {
  available: 'green',
  active: 'green',
  approved: 'green',
  completed: 'green',
  reserved: 'yellow',
  pending: 'yellow',
  scheduled: 'blue',
  sold: 'purple',
  draft: 'gray',
  inactive: 'gray',
  rejected: 'red',
  cancelled: 'red',
  suspended: 'red',
  submitted: 'blue',
  'offer made': 'yellow',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
  paid: 'green',
  unpaid: 'yellow',
};

export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status.toLowerCase()] ?? 'gray';
}

export function Badge({ tone = 'gray', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={withOverrides(`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`, className)} {...props} />;
}

/** A status word in its colour: every vehicle, appointment and account status has one. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} className={withOverrides('capitalize', className)}>
      {status}
    </Badge>
  );
}
