// The invoices domain's public entry.
export { revenueByPeriod } from './invoices.figures';
export { invoicesForVehicles, type VehicleInvoice } from './invoices.for-vehicle';
