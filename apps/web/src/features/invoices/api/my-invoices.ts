import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './keys';

// A customer's invoices and credit notes.

export const myInvoicesQueryOptions = () =>
  queryOptions({ queryKey: invoiceKeys.mine(), queryFn: ({ signal }) => api.get<InvoiceSummary[]>('/api/account/invoices', undefined, signal) });

export const useMyInvoices = () => useQuery(myInvoicesQueryOptions());
