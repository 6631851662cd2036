import { formatMileage, type Vehicle } from '@dealer/shared';

const TRANSMISSION: Record<string, string> = {
  Automatic: 'Automatic transmission for relaxed, two-pedal driving',
  Manual: 'Manual gearbox for full control of every shift',
  CVT: 'Continuously variable transmission (CVT) for smooth, efficient acceleration',
};
const FUEL: Record<string, string> = {
  Petrol: 'Petrol engine',
  Diesel: 'Diesel engine with strong low-down torque for towing and long trips',
  Hybrid: 'Hybrid powertrain pairing a petrol engine with electric assistance',
  Electric: 'Fully electric drivetrain with zero tailpipe emissions',
  CNG: 'Runs on compressed natural gas (CNG) for lower fuel costs',
};
const CONDITION: Record<string, string> = {
  New: 'New vehicle',
  'Like New': 'Like-new condition with barely any signs of use',
  Excellent: 'Excellent condition inside and out',
  Good: 'Good condition with normal wear for its age',
  Fair: 'Fair condition: some cosmetic or mechanical attention may be needed',
  Salvage: 'Salvage title: sold as seen',
};
const LOW_MILEAGE = 30_000;

/** The Features tab: what the listing's own fields say about the car, in plain sentences. */
export function vehicleFeatures(vehicle: Pick<Vehicle, 'transmission' | 'fuelType' | 'condition' | 'exteriorColor' | 'interiorColor' | 'mileage' | 'year' | 'images'>, now = new Date()): string[] {
  const out: string[] = [];
  if (vehicle.transmission) out.push(TRANSMISSION[vehicle.transmission] ?? `${vehicle.transmission} transmission`);
  if (vehicle.fuelType) out.push(FUEL[vehicle.fuelType] ?? `${vehicle.fuelType} engine`);
  if (vehicle.condition) out.push(CONDITION[vehicle.condition] ?? `${vehicle.condition} condition`);
  if (vehicle.exteriorColor) out.push(`${vehicle.exteriorColor} exterior paint`);
  if (vehicle.interiorColor) out.push(`${vehicle.interiorColor} interior`);
  if (vehicle.mileage !== null && vehicle.mileage !== undefined) {
    out.push(vehicle.mileage < LOW_MILEAGE ? `Low mileage: ${formatMileage(vehicle.mileage)}` : `${formatMileage(vehicle.mileage)} on the clock`);
  }
  const age = now.getFullYear() - vehicle.year;
  if (age >= 0 && age <= 2) out.push(`Recent ${vehicle.year} model`);
  if (vehicle.images.length > 0) out.push(`${vehicle.images.length} ${vehicle.images.length === 1 ? 'photo' : 'photos'} in the gallery`);
  return out;
}
