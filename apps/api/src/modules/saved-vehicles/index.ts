// The saved-vehicles domain's public entry: a customer's saved cars, kept with the account.
export { listSavedVehicleIds } from './saved-vehicles.repository';
export { createSavedVehiclesService, type SavedVehiclesService } from './saved-vehicles.service';
export { savedVehiclesRoutes } from './saved-vehicles.routes';
