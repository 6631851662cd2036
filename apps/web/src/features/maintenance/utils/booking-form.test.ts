import { describe, expect, it } from 'vitest';
import { BOOKING_STEPS, bookingDefaults, vehicleYearChoices } from './booking-form';

describe('booking form helpers', () => {
  it('offers the current year and the 29 before it, newest first', () => {
    const years = vehicleYearChoices(2026);
    expect(years).toHaveLength(30);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1997');
  });

  it('defaults the year to the current year as text and takes the service from the query', () => {
    const values = bookingDefaults('electrical', null);
    expect(values.vehicleYear).toBe(String(new Date().getFullYear()));
    expect(values.maintenanceType).toBe('electrical');
    expect(values.specificService).toBe('');
  });

  it('ignores an unknown service in the query', () => {
    expect(bookingDefaults('teleportation', null).maintenanceType).toBe('');
  });

  it('prefills the contact step from the profile', () => {
    const values = bookingDefaults(null, { name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 0100 200' });
    expect(values).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 0100 200', additionalNotes: '' });
  });

  it('has the four tabs Service, Date & Time, Vehicle, Contact', () => {
    expect(BOOKING_STEPS.map((step) => step.label)).toEqual(['Service', 'Date & Time', 'Vehicle', 'Contact']);
  });
});
