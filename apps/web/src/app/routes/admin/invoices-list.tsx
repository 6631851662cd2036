import { INVOICE_URL_KEYS, adminInvoicesQueryOptions, invoiceListParams } from '@/features/invoices/api/admin-invoices';
import { AdminInvoices } from '@/features/invoices/components/admin-invoices';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [adminInvoicesQueryOptions(invoiceListParams(readUrlParams(searchOf(request), INVOICE_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Invoices');
  return <AdminInvoices />;
}
