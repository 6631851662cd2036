// The invoices domain's public entry: invoices issued at completion, payments, credit notes, PDFs, and the owner's revenue figures.
export { revenueByPeriod } from './invoices.figures';
export { invoicesForVehicles, type VehicleInvoice } from './invoices.for-vehicle';
export { createInvoicesService, type InvoicesDeps, type InvoicesService, type IssuedInvoice, type CompletedJob } from './invoices.service';
export { invoicesRoutes } from './invoices.routes';
export { invoiceMailTemplates } from './invoices.messages';
