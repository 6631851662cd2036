import { useParams } from 'react-router';
import { adminInvoiceQueryOptions } from '@/features/invoices/api/admin-invoices';
import { AdminInvoiceDetail } from '@/features/invoices/components/admin-invoice-detail';
import { maintenanceSettingsQueryOptions, useMaintenanceSettings } from '@/features/maintenance/api/get-settings';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [adminInvoiceQueryOptions(params.id ?? ''), maintenanceSettingsQueryOptions()]);

export default function Page() {
  usePageTitle('Invoice');
  const { id = '' } = useParams();
  const settings = useMaintenanceSettings();
  return <AdminInvoiceDetail key={id} id={id} workshopToday={settings.data?.today} />;
}
