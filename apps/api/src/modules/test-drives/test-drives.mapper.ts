import { hourLabel, type TestDrive } from '@dealer/shared';
import type { TestDriveRow } from './test-drives.repository';

/** What a drive shows of its car, and whether the car is on sale. */
export interface VehicleSummary {
  id: string;
  title: string;
  make: string;
  model: string;
  year: number;
  status: string;
}

export function toTestDrive(row: TestDriveRow, car: VehicleSummary | undefined): TestDrive {
  return {
    _id: row.id,
    vehicle: car
      ? { _id: car.id, title: car.title, make: car.make, model: car.model, year: car.year }
      : { _id: row.vehicleId, title: 'Vehicle removed', make: '', model: '', year: 0 },
    date: row.date,
    time: hourLabel(row.hour),
    status: row.status,
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    leadId: row.leadId,
    createdAt: row.createdAt.toISOString(),
  };
}
