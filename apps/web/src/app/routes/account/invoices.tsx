import { myInvoicesQueryOptions } from '@/features/invoices/api/my-invoices';
import { MyInvoices } from '@/features/invoices/components/my-invoices';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [myInvoicesQueryOptions()]);

export default function MyInvoicesPage() {
  usePageTitle('My Invoices');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Invoices</h1>
      <p className="mt-1 mb-6 text-slate-600">Invoices for the work we did on your cars, what is paid and what is left. Download any as a PDF.</p>
      <MyInvoices />
    </div>
  );
}
