import { checksumTables } from './table-checksum';

/** Valid listing fields (JSON or multipart strings). */
export function vehicleFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Quality Test Car',
    make: 'Toyota',
    model: 'Corolla',
    year: '2019',
    price: '15000',
    mileage: '42000',
    fuelType: 'Petrol',
    transmission: 'Automatic',
    condition: 'Good',
    description: 'A reliable car used by the quality suites.',
    ...overrides,
  };
}

/** `count` bookable calendar dates (no Sundays) starting two days from now, as YYYY-MM-DD. */
export function futureBookingDates(count: number, fromDays = 2): string[] {
  const out: string[] = [];
  for (let d = fromDays; out.length < count; d += 1) {
    const date = new Date(Date.now() + d * 86_400_000);
    if (date.getUTCDay() !== 0) out.push(date.toISOString().slice(0, 10));
  }
  return out;
}

export { checksumTables };
