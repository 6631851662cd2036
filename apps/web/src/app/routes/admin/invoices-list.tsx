import { INVOICE_PAYMENT_STATUSES } from '@dealer/shared';
import { adminInvoicesQueryOptions } from '@/features/invoices/api/admin-invoices';
import { AdminInvoices } from '@/features/invoices/components/admin-invoices';
import { STATUS_LIST_URL_KEYS, statusListParams } from '@/lib/status-list';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [adminInvoicesQueryOptions(statusListParams(INVOICE_PAYMENT_STATUSES, readUrlParams(searchOf(request), STATUS_LIST_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Invoices');
  return <AdminInvoices />;
}
