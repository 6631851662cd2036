import type { AuditChange } from '../utils/audit-format';
import { cn } from '@/lib/cn';

/** An entry's changed fields, one line each: 'Price: $100 → $120' (read out as 'changed to'). */
export function AuditChangeList({ changes, className }: { changes: AuditChange[]; className?: string }) {
  return (
    <ul className={cn('grid gap-0.5 text-xs text-slate-700', className)}>
      {changes.map((c) => (
        <li key={c.field || 'value'} className="break-words">
          {c.field && <span className="font-medium">{c.field}: </span>}
          <span className="text-slate-500">{c.before}</span> <span aria-hidden>→</span> <span className="sr-only">changed to</span>{' '}
          <span>{c.after}</span>
        </li>
      ))}
    </ul>
  );
}
