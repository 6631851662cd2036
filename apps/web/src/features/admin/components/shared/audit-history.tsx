import { History } from 'lucide-react';
import { formatDateTime } from '@dealer/shared';
import { Spinner } from '@/components/ui/spinner';
import { useAudit, type AuditEntityType } from '../../api/get-audit';
import { Card } from '@/components/ui/card';
import { auditChanges, describeAction } from '../../utils/audit-format';

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
                        <span className="text-slate-500">{c.before}</span> <span aria-hidden>→</span>{' '}
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
