import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditNoteInput, Invoice, InvoicePaymentStatus, InvoiceSummary, PaymentInput } from '@dealer/shared';
import { api } from '@/lib/api-client';
import type { StatusListParams } from '@/lib/status-list';
import { invoiceKeys } from './keys';

// The workshop's side: invoices by Paid or Unpaid, one invoice, a payment, a credit note.

export const adminInvoicesQueryOptions = ({ status, page }: StatusListParams<InvoicePaymentStatus>) =>
  queryOptions({
    queryKey: invoiceKeys.admin(status, page),
    queryFn: ({ signal }) => api.list<InvoiceSummary>('/api/admin/invoices', { page, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
  });

export const adminInvoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.adminOne(id), queryFn: ({ signal }) => api.get<Invoice>(`/api/admin/invoices/${encodeURIComponent(id)}`, undefined, signal) });
export const useAdminInvoice = (id: string) => useQuery(adminInvoiceQueryOptions(id));

function useInvalidating<V>(mutationFn: (values: V) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }) });
}

export const useRecordPayment = () =>
  useInvalidating(({ id, payment }: { id: string; payment: PaymentInput }) => api.post<Invoice>(`/api/admin/invoices/${encodeURIComponent(id)}/payments`, payment));
export const useCreditNote = () =>
  useInvalidating(({ id, note }: { id: string; note: CreditNoteInput }) => api.post<Invoice>(`/api/admin/invoices/${encodeURIComponent(id)}/credit-notes`, note));
