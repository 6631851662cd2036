// The invoices domain's public entry.
export { revenueByPeriod } from './invoices.figures';
