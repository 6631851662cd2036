// What the vehicles domain offers the rest of the API; other domains import '../vehicles', never a file in here.
export { createUploadBudget } from './upload-budget';
export { recentVehicles, shownVehicle, vehicleSummaries, vehicleTitles, type VehicleSummary } from './vehicles.admin-view';
export { vehicleMailTemplates } from './vehicles.messages';
export { MESSAGES as VEHICLE_MESSAGES } from './vehicles.refusals';
export { countVehiclesByWindow, searchVehicles, withdrawOwnerListings } from './vehicles.repository';
export { createVehiclesService } from './vehicles.service';
export { vehiclesRoutes } from './vehicles.routes';
export { existingVehicleIds, publicMatchesListedAfter, type VehicleMatch } from './vehicles.matches';
export { publicPriceDropsSince, type PriceDropNotice } from './vehicles.price-history';
export { salesFigures, stockByAge } from './vehicles.figures';
export type { SaleRecorded } from './vehicles.context';
