// The leads domain's public entry: enquiries about cars, the sales team's inbox, contact-button clicks, their figures.
export { closeLeadsOnSale, type CarSold } from './leads.sale';
export { createLeadsService, type LeadsService, type LeadsVehicles } from './leads.service';
export { leadFigures } from './leads.figures';
export { leadMailTemplates } from './leads.messages';
export { leadsRoutes } from './leads.routes';
export { openLeadOf, recordTradeInOnLead, type LeadCustomer } from './leads.history';
