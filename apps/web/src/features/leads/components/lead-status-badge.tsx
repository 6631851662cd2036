import { formatDateTime, type LeadStatus, type LeadSummary } from '@dealer/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<LeadStatus, BadgeTone> = {
  New: 'blue',
  Contacted: 'yellow',
  'Test drive booked': 'yellow',
  Negotiating: 'yellow',
  Won: 'green',
  Lost: 'gray',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}

/** The first-response clock: answered when, overdue, or due by when. */
export function ResponseClock({ lead }: { lead: Pick<LeadSummary, 'firstResponseAt' | 'respondBy' | 'overdue' | 'status'> }) {
  if (lead.firstResponseAt) {
    const late = new Date(lead.firstResponseAt) > new Date(lead.respondBy);
    return (
      <span className="text-sm text-slate-700">
        Answered <time dateTime={lead.firstResponseAt}>{formatDateTime(lead.firstResponseAt)}</time>
        {late && <span className="text-red-800"> (late)</span>}
      </span>
    );
  }
  if (lead.overdue) {
    return (
      <span className="grid justify-items-start gap-0.5 text-sm">
        <Badge tone="red">Overdue</Badge>
        <span className="text-xs text-slate-700">
          Due <time dateTime={lead.respondBy}>{formatDateTime(lead.respondBy)}</time>
        </span>
      </span>
    );
  }
  if (lead.status === 'Won' || lead.status === 'Lost') return <span className="text-sm text-slate-600">Closed</span>;
  return (
    <span className="text-sm text-slate-700">
      Reply by <time dateTime={lead.respondBy}>{formatDateTime(lead.respondBy)}</time>
    </span>
  );
}
