// The inspection domain's public entry: a checked-in job's checklist, findings and their photos.
export { createInspectionsService, type InspectionsService, type InspectionsDeps } from './inspections.service';
export { inspectionsRoutes } from './inspections.routes';
export { inspectionFindings } from './inspections.findings';
