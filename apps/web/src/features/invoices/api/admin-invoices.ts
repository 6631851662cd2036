import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVOICE_PAYMENT_STATUSES, type CreditNoteInput, type Invoice, type InvoicePaymentStatus, type InvoiceSummary, type PaymentInput } from '@dealer/shared';
import { api } from '@/lib/api-client';
import type { UrlState } from '@/lib/use-url-params';
import { invoiceKeys } from './keys';

// The workshop's side: invoices by Paid or Unpaid, one invoice, a payment, a credit note.

export const INVOICE_URL_KEYS = ['status'] as const;

/** The list an admin URL asks for; an unknown status is left out. */
export function invoiceListParams({ values, page }: UrlState<(typeof INVOICE_URL_KEYS)[number]>): { status: InvoicePaymentStatus | ''; page: number } {
  return { status: (INVOICE_PAYMENT_STATUSES as readonly string[]).includes(values.status) ? (values.status as InvoicePaymentStatus) : '', page };
}

export const adminInvoicesQueryOptions = ({ status, page }: { status: InvoicePaymentStatus | ''; page: number }) =>
  queryOptions({
    queryKey: invoiceKeys.admin(status, page),
    queryFn: ({ signal }) => api.list<InvoiceSummary>('/api/admin/invoices', { page, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
export const useAdminInvoices = (params: { status: InvoicePaymentStatus | ''; page: number }) => useQuery(adminInvoicesQueryOptions(params));

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
