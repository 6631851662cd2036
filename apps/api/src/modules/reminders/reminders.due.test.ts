import { describe, expect, it } from 'vitest';
import { addMonths, milesPerDay, serviceDue } from './reminders.due';

describe('when a service is due', () => {
  it('adds calendar months, keeping to the month end', () => {
    expect(addMonths('2026-01-05', 6)).toBe('2026-07-05');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });

  it('projects no mileage from one reading, or from readings that did not rise', () => {
    expect(milesPerDay([{ on: '2026-01-01', odometer: 1000 }])).toBeNull();
    expect(milesPerDay([{ on: '2026-01-01', odometer: 1000 }, { on: '2026-01-01', odometer: 1200 }])).toBeNull();
    expect(milesPerDay([{ on: '2026-01-01', odometer: 1000 }, { on: '2026-02-01', odometer: 1000 }])).toBeNull();
    expect(milesPerDay([{ on: '2026-01-01', odometer: 1000 }, { on: '2026-01-11', odometer: 1500 }])).toBe(50);
  });

  const oneReading = { specificService: 'Oil Change', jobDate: '2026-01-05', odometer: 40_000, readings: [{ on: '2026-01-05', odometer: 40_000 }] };

  it('with one reading, is due by date only', () => {
    expect(serviceDue(oneReading, { months: 6, miles: 5000 }, '2026-07-04')).toBeNull();
    expect(serviceDue(oneReading, { months: 6, miles: 5000 }, '2026-07-05')).toMatchObject({ by: 'date', dueOn: '2026-07-05' });
    expect(serviceDue(oneReading, { months: null, miles: 5000 }, '2030-01-01')).toBeNull();
  });

  it('is due on the day a later reading shows the miles were passed', () => {
    const read = { ...oneReading, readings: [...oneReading.readings, { on: '2026-03-01', odometer: 45_500 }] };
    expect(serviceDue(read, { months: 6, miles: 5000 }, '2026-03-01')).toMatchObject({ by: 'mileage', dueOn: '2026-03-01' });
  });

  it('projects from the readings before the job too', () => {
    // 10 miles a day; 1,000 more from 2,000 is 100 days after 11 January.
    const job = { specificService: 'Tire Rotation', jobDate: '2026-01-11', odometer: 2000, readings: [{ on: '2026-01-01', odometer: 1900 }, { on: '2026-01-11', odometer: 2000 }] };
    expect(serviceDue(job, { months: 12, miles: 1000 }, '2026-04-20')).toBeNull();
    expect(serviceDue(job, { months: 12, miles: 1000 }, '2026-04-21')).toMatchObject({ by: 'mileage', dueOn: '2026-04-21' });
    // Without the job's own reading there is no starting mileage: by date only.
    expect(serviceDue({ ...job, odometer: null }, { months: 12, miles: 1000 }, '2026-04-21')).toBeNull();
  });
});
