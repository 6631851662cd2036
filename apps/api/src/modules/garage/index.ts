// My Garage: the customer's vehicles and their service history, as the composition root sees it.
export { addBookedVehicle, createGarageService, type GarageDeps, type GarageHistorySources, type GarageService } from './garage.service';
export { garageRoutes } from './garage.routes';
