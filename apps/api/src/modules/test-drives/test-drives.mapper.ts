import { hourLabel, type TestDrive } from '@dealer/shared';
import { shownVehicle, type VehicleSummary } from '../vehicles';
import type { TestDriveRow } from './test-drives.repository';

/** A drive as the API answers it, with what it shows of its car. */
export function toTestDrive(row: TestDriveRow, car: VehicleSummary | undefined): TestDrive {
  return {
    _id: row.id,
    vehicle: shownVehicle(row.vehicleId, car),
    date: row.date,
    time: hourLabel(row.hour),
    status: row.status,
    customer: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    leadId: row.leadId,
    createdAt: row.createdAt.toISOString(),
  };
}
