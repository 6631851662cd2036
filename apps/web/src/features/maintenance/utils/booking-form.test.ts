import { bookingRequestSchema } from '@dealer/shared';
import { describe, expect, it } from 'vitest';
import { appointment } from '@/testing/factories';
import { BOOKING_STEPS, bookingDefaults, formFieldAt, serverFieldErrors, stepWith, toBookingRequest, vehicleYearChoices } from './booking-form';

describe('booking form helpers', () => {
  it('offers the current year and the 29 before it, newest first', () => {
    const years = vehicleYearChoices(2026);
    expect(years).toHaveLength(30);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1997');
  });

  it('defaults the year to the current year as text and takes the service from the query', () => {
    const values = bookingDefaults('electrical', null);
    expect(values.vehicle.year).toBe(String(new Date().getFullYear()));
    expect(values.maintenanceType).toBe('electrical');
    expect(values.specificService).toBe('');
  });

  it('takes a specific service (a reminder or My Garage link) with its category, and a registration', () => {
    const values = bookingDefaults('Brake Inspection', null, { registration: 'JCP-4821' });
    expect(values).toMatchObject({ maintenanceType: 'routine', specificService: 'Brake Inspection', vehicle: { registration: 'JCP-4821', make: '' } });
  });

  it('ignores an unknown service in the query', () => {
    expect(bookingDefaults('teleportation', null).maintenanceType).toBe('');
  });

  it('prefills the contact step from the profile', () => {
    const values = bookingDefaults(null, { name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 0100 200' });
    expect(values).toMatchObject({
      customer: { name: 'Jane Doe', email: 'jane@example.com', phone: '+1 555 0100 200' },
      additionalNotes: '',
    });
  });

  it('has the four tabs Service, Date & Time, Vehicle, Contact', () => {
    expect(BOOKING_STEPS.map((step) => step.label)).toEqual(['Service', 'Date & Time', 'Vehicle', 'Contact']);
  });

  it("places the server's messages on the form's own fields, by the request's paths", () => {
    expect(formFieldAt('vehicle.model')).toBe('vehicle.model');
    expect(formFieldAt('appointmentTime')).toBe('appointmentTime');
    // A message about a whole object goes to its first field.
    expect(formFieldAt('vehicle')).toBe('vehicle.make');
    expect(formFieldAt('customer')).toBe('customer.name');
    expect(formFieldAt('userId')).toBeUndefined();
    expect(serverFieldErrors({ 'customer.email': 'Invalid email address', userId: 'No such user' })).toEqual([
      ['customer.email', 'Invalid email address'],
    ]);
  });

  it('finds the step holding a field, by its path or the object holding it', () => {
    expect(stepWith(['customer'])).toBe(3);
    expect(stepWith(['vehicle.year', 'customer.phone'])).toBe(2);
    expect(stepWith(['userId'])).toBe(-1);
  });

  it('leaves out blank notes from the request', () => {
    const { maintenanceType, specificService, appointmentDate, appointmentTime, vehicle, customer } = appointment();
    const request = bookingRequestSchema.parse({ maintenanceType, specificService, appointmentDate, appointmentTime, vehicle, customer });
    expect(toBookingRequest({ ...request, additionalNotes: '' })).toEqual(request);
    expect(toBookingRequest({ ...request, additionalNotes: 'Squeaks' })).toEqual({ ...request, additionalNotes: 'Squeaks' });
  });
});
