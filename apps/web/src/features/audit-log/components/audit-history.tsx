import { History } from 'lucide-react';
import { formatDateTime, type AuditEntityType } from '@dealer/shared';
import { Spinner } from '@/components/ui/spinner';
import { useAudit } from '../api/get-audit';
import { Card } from '@/components/ui/card';
import { auditChanges, describeAction } from '../utils/audit-format';
import { AuditChangeList } from './audit-change-list';

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
                {changes.length > 0 && <AuditChangeList changes={changes} className="mt-1" />}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
