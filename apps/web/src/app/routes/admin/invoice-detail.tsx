import { useParams } from 'react-router';
import { adminInvoiceQueryOptions } from '@/features/invoices/api/admin-invoices';
import { AdminInvoiceDetail } from '@/features/invoices/components/admin-invoice-detail';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [adminInvoiceQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('Invoice');
  const { id = '' } = useParams();
  return <AdminInvoiceDetail key={id} id={id} />;
}
