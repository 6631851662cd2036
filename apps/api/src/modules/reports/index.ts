// The reports domain's public entry: the owner's figures over the leads and vehicles domains.
export { createReportsService, type ReportFigures, type ReportsService } from './reports.service';
export { reportsRoutes } from './reports.routes';
