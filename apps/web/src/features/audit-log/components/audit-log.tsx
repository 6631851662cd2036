import { useId } from 'react';
import { Link } from '@/components/ui/link';
import { AUDIT_LOG_KINDS, AUDIT_LOG_KIND_LABELS, formatDateTime, type AuditLogEntry } from '@dealer/shared';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListFilters } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { StateMessage } from '@/components/ui/state-message';
import { useUrlParams } from '@/lib/use-url-params';
import { AUDIT_LOG_URL_KEYS, auditLogParams, useAuditLog } from '../api/get-audit-log';
import { auditChanges, describeAction } from '../utils/audit-format';
import { kindLabel, recordHref } from '../utils/audit-record';
import { AuditChangeList } from './audit-change-list';

const KIND_OPTIONS = [{ value: '', label: 'All kinds' }, ...AUDIT_LOG_KINDS.map((kind) => ({ value: kind, label: AUDIT_LOG_KIND_LABELS[kind] }))];

function Record({ entry }: { entry: AuditLogEntry }) {
  const kind = kindLabel(entry.entityType);
  const href = recordHref(entry);
  return (
    <>
      <span className="block font-medium text-slate-900">{describeAction(entry.action)}</span>
      <span className="block text-xs text-slate-600">
        {kind}:{' '}
        {href ? (
          <Link to={href} className="text-brand-700 hover:underline">
            {entry.entityLabel}
          </Link>
        ) : (
          'no longer exists'
        )}
      </span>
    </>
  );
}

function Changes({ entry }: { entry: AuditLogEntry }) {
  const changes = auditChanges(entry);
  return changes.length === 0 ? <span className="text-slate-500">—</span> : <AuditChangeList changes={changes} />;
}

const COLUMNS: Column<AuditLogEntry>[] = [
  {
    header: 'When',
    className: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  { header: 'Who', cell: (entry) => entry.actor?.name ?? 'System' },
  { header: 'What', cell: (entry) => <Record entry={entry} /> },
  { header: 'Changes', className: 'md:max-w-[26rem]', cell: (entry) => <Changes entry={entry} /> },
];

/** Every recorded change on the site: who did what, when, filtered by person, kind of record and days. */
export function AuditLog() {
  const id = useId();
  const url = useUrlParams(AUDIT_LOG_URL_KEYS);
  const { values, page, update } = url;
  const params = auditLogParams(url);
  const { data, isPending, isError } = useAuditLog(params);
  const filtered = Boolean(values.person || values.kind || values.dateFrom || values.dateTo);

  return (
    <>
      <PageHeader title="Audit Log" description="Every change staff and customers made to listings, appointments, accounts, closure days, reservations and settings: who, what and when." />
      <ListFilters
        id={`${id}-filters`}
        search={{ value: values.person, label: 'Person', placeholder: 'Who made the change: name or e-mail', onChange: (person) => update({ person }, { replace: true }) }}
        status={{ label: 'Kind', value: params.kind ?? '', options: KIND_OPTIONS, onChange: (kind) => update({ kind }) }}
        dates={{
          fromLabel: 'From',
          toLabel: 'To',
          from: values.dateFrom,
          to: values.dateTo,
          onFromChange: (dateFrom) => update({ dateFrom }),
          onToChange: (dateTo) => update({ dateTo }),
        }}
        filtered={filtered}
        onClear={() => update({ person: null, kind: null, dateFrom: null, dateTo: null })}
      />
      {isPending ? (
        <p className="py-12 text-center text-sm text-slate-600" role="status">
          Loading the audit log...
        </p>
      ) : isError ? (
        <StateMessage tone="error" title="The audit log could not be loaded">
          Please try again in a moment.
        </StateMessage>
      ) : data.data.length === 0 ? (
        <StateMessage title={filtered ? 'No changes match these filters' : 'No changes recorded yet'}>
          {filtered ? 'Try another person, kind or day.' : 'Changes appear here as soon as they are made.'}
        </StateMessage>
      ) : (
        <>
          <div className="rounded-lg border border-slate-200 bg-white">
            <DataTable label="Changes" rows={data.data} columns={COLUMNS} rowKey={(entry) => entry._id} stacked tableClassName="w-full" />
          </div>
          <Pagination
            page={data.meta?.page ?? page}
            pageCount={data.meta?.pageCount ?? 1}
            onPageChange={(next) => update({ page: next })}
            summary={`Showing ${data.data.length} of ${data.meta?.itemCount ?? data.data.length} changes`}
          />
        </>
      )}
    </>
  );
}
