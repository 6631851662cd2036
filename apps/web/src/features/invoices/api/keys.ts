import type { InvoicePaymentStatus } from '@dealer/shared';

/** Query keys of invoices. Everything sits under ['invoices'], so a payment or credit note refreshes every list. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  mine: () => ['invoices', 'mine'] as const,
  admin: (status: InvoicePaymentStatus | '', page: number) => ['invoices', 'admin', status, page] as const,
  adminOne: (id: string) => ['invoices', 'admin', 'one', id] as const,
};
