// The workshop domain's public entry: the floor's day (job board, check-in, stages, My Jobs).
export { createWorkshopService, type WorkshopService, type WorkshopDeps } from './workshop.service';
export { workshopRoutes } from './workshop.routes';
export { workshopMailTemplates } from './workshop.messages';
export { lastCompletedServiceJobs, type LastServiceJob } from './workshop.service-history';
export { odometerReadingsOf, type OdometerReading } from './workshop.odometer-readings';
export { isAssignedTo } from './workshop.assignment';
