import { History } from 'lucide-react';
import { formatDateTime, type AuditEntry } from '@dealer/shared';
import { Spinner } from '@/components/ui/spinner';
import { useAudit, type AuditEntityType } from '../../api/get-audit';
import { Card } from '@/components/ui/card';

const ACTION_LABELS: Record<string, string> = {
  'maintenance.status': 'Status changed',
  'maintenance.update': 'Request updated',
  'maintenance.approve': 'Request approved',
  'maintenance.notes': 'Notes changed',
  'maintenance.cancel': 'Cancelled by the customer',
  'maintenance.reschedule': 'Rescheduled',
  'vehicle.create': 'Listing created',
  'vehicle.update': 'Listing edited',
  'vehicle.status': 'Status changed',
  'vehicle.delete': 'Listing deleted',
  'vehicle.sold': 'Marked as sold',
  'vehicle.reject': 'Listing rejected',
  'vehicle.send-back': 'Sent back for changes',
  'user.status': 'Account status changed',
  'user.suspend': 'Account suspended',
  'user.activate': 'Account activated',
  'user.password-reset': 'Password reset link created',
  'user.password-reset.completed': 'Password changed with a reset link',
  'user.revoke-sessions': 'Sessions revoked',
  'user.promote': 'Made an admin',
  'user.demote': 'Admin access removed',
};

/** 'maintenance.status' -> 'Status changed'; unknown actions read as words. */
export function describeAction(action: string): string {
  if (ACTION_LABELS[action]) return ACTION_LABELS[action];
  const words = action.split(/[._-]/).slice(1).join(' ') || action;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each changed field as before -> after. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: string; after: string }[] {
  const { before, after } = entry;
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields
      .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
      .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }));
  }
  if (before === null && after === null) return [];
  return [{ field: '', before: show(before), after: show(after) }];
}

/** The change history of one record: who, when, before -> after. */
export function AuditHistory({ entityType, entityId }: { entityType: AuditEntityType; entityId: string }) {
  const { data, isPending, isError } = useAudit(entityType, entityId);
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <History className="size-4 text-slate-500" aria-hidden /> Change History
        </span>
      }
    >
      {isPending ? (
        <Spinner label="Loading change history" className="py-4" />
      ) : isError ? (
        <p className="text-sm text-red-700">The change history could not be loaded.</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="grid gap-4">
          {data.map((entry) => {
            const changes = auditChanges(entry);
            return (
              <li key={entry._id} className="border-l-2 border-brand-100 pl-3">
                <p className="text-sm font-medium text-slate-900">{describeAction(entry.action)}</p>
                <p className="text-xs text-slate-600">
                  {entry.actor?.name ?? 'System'} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </p>
                {changes.length > 0 && (
                  <ul className="mt-1 grid gap-0.5 text-xs text-slate-700">
                    {changes.map((c) => (
                      <li key={c.field || 'value'} className="break-words">
                        {c.field && <span className="font-medium">{c.field}: </span>}
                        <span className="text-slate-500">{c.before}</span> <span aria-hidden>→</span>
                        <span className="sr-only">changed to</span> <span>{c.after}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
