import { AUDIT_LOG_URL_KEYS, auditLogParams, auditLogQueryOptions } from '@/features/audit-log/api/get-audit-log';
import { AuditLog } from '@/features/audit-log/components/audit-log';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [auditLogQueryOptions(auditLogParams(readUrlParams(searchOf(request), AUDIT_LOG_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Audit Log');
  return <AuditLog />;
}
