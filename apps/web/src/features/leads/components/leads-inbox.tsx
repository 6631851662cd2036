import { Link } from '@/components/ui/link';
import { LEAD_SOURCE_LABELS, LEAD_STATUSES, formatDateTime, formatPrice, type LeadSummary } from '@dealer/shared';
import type { Column } from '@/components/ui/data-table';
import { NativeSelect } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { TabbedTable, statusTabs } from '@/components/ui/tabbed-table';
import { paths } from '@/config/paths';
import { useUrlParams } from '@/lib/use-url-params';
import { useLeadOwners } from '../api/get-lead-owners';
import { LEAD_URL_KEYS, leadListParams, useLeads } from '../api/get-leads';
import { LeadStatusBadge, ResponseClock } from './lead-status-badge';

const TABS = statusTabs(LEAD_STATUSES);

/** The sales team's inbox: every lead with its car, source, status, owner and first-response clock. */
export function LeadsInbox() {
  const url = useUrlParams(LEAD_URL_KEYS);
  const params = leadListParams(url);
  const owners = useLeadOwners();
  return (
    <>
      <PageHeader title="Leads" description="Questions, test-drive requests and offers about cars, newest first. Answer each within its reply-by time." />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Owner
          <NativeSelect value={url.values.owner} onChange={(e) => url.update({ owner: e.target.value || null })} className="min-w-48">
            <option value="">Anyone</option>
            <option value="none">Nobody yet</option>
            {owners.data?.map((o) => (
              <option key={o._id} value={o._id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="flex h-10 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={params.overdue === true}
            onChange={(e) => url.update({ overdue: e.target.checked ? 'true' : null })}
          />
          Overdue only
        </label>
      </div>
      <TabbedTable
        url={url}
        tabs={{ label: 'Lead status', options: TABS, value: params.status }}
        query={useLeads(params)}
        empty={{ title: 'No leads here', text: 'Enquiries from the vehicle pages appear here as they arrive.' }}
        noun="leads"
        columns={COLUMNS}
        rowKey={(lead) => lead._id}
      />
    </>
  );
}

const COLUMNS: Column<LeadSummary>[] = [
  {
    header: 'Customer',
    cell: (lead) => (
      <>
        <Link to={paths.admin.lead(lead._id)} className="font-medium text-brand-700 hover:underline">
          {lead.customer.name}
        </Link>
        <span className="block text-xs break-all text-slate-600">{lead.customer.email}</span>
      </>
    ),
  },
  {
    header: 'Car',
    cell: (lead) => (
      <>
        <span className="text-sm text-slate-900">{lead.vehicle.title}</span>
        {lead.offerCents !== null && <span className="block text-xs text-slate-600">Offer {formatPrice(lead.offerCents / 100)}</span>}
      </>
    ),
  },
  { header: 'Source', cell: (lead) => LEAD_SOURCE_LABELS[lead.source] },
  { header: 'Status', cell: (lead) => <LeadStatusBadge status={lead.status} /> },
  { header: 'Owner', cell: (lead) => lead.owner?.name ?? <span className="text-slate-600">Nobody yet</span> },
  { header: 'First response', cell: (lead) => <ResponseClock lead={lead} /> },
  { header: 'Received', className: 'whitespace-nowrap', cell: (lead) => <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time> },
];
