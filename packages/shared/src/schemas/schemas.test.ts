import { describe, expect, it } from 'vitest';
import { loginSchema, profileUpdateSchema, registerSchema } from './auth';
import { availabilityMonthQuerySchema, bookingRequestSchema } from './maintenance';
import { NUL_CHARACTER_MESSAGE } from './text';
import { userStatusChangeSchema } from './users';
import { vehicleFieldsSchema, vehicleListQuerySchema } from './vehicle';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('login', () => {
  it('uses the spec messages', () => {
    expect(messages(loginSchema.safeParse({ emailOrUsername: '', password: 'short' }))).toEqual({
      emailOrUsername: 'Email or username is required',
      password: 'Password must be at least 8 characters.',
    });
  });
});

describe('register', () => {
  const valid = { username: 'jane.doe', name: 'Jane', phone: '555', email: 'j@example.com', address: 'A', password: 'Password1', confirmPassword: 'Password1' };
  it.each([
    ['', 'Username is required'],
    ['a..b', 'Username must not contain consecutive dots.'],
    ['abc.', 'Username must not end with a dot.'],
    ['a'.repeat(31), 'Username must be at most 30 characters long.'],
    ['ab-c', 'Username can only contain letters, numbers, underscores, and dots.'],
    ['_abc', 'Username must start with a letter or number.'],
  ])('username %j -> %s', (username, message) => {
    expect(messages(registerSchema.safeParse({ ...valid, username })).username).toBe(message);
  });
  it('requires the other fields and matching passwords', () => {
    expect(messages(registerSchema.safeParse({ ...valid, name: ' ', phone: '', address: '', email: '', confirmPassword: 'x' }))).toMatchObject({
      name: 'Name is required',
      phone: 'Phone is required',
      address: 'Address is required',
      email: 'Email is required',
    });
    expect(messages(registerSchema.safeParse({ ...valid, confirmPassword: 'Different1' })).confirmPassword).toBe("Passwords don't match");
  });
});

describe('profile', () => {
  const base = { name: 'Jane', phone: '555', address: 'A', oldPassword: 'OldPass123' };
  it('needs the old password and a matching, different new one', () => {
    expect(messages(profileUpdateSchema.safeParse({ ...base, oldPassword: '' })).oldPassword).toBe('Old password is required');
    expect(messages(profileUpdateSchema.safeParse({ ...base, password: 'NewPass123', confirmPassword: 'Other' })).confirmPassword).toBe('Passwords must match');
    expect(messages(profileUpdateSchema.safeParse({ ...base, password: 'OldPass123', confirmPassword: 'OldPass123' })).password).toBe(
      'New password must not be the same as old password',
    );
    expect(profileUpdateSchema.safeParse({ ...base, password: '', confirmPassword: '' }).success).toBe(true);
  });
});

describe('vehicle form', () => {
  it('uses the spec messages', () => {
    expect(messages(vehicleFieldsSchema.safeParse({ year: '99', description: 'short', contactEmail: 'nope' }))).toMatchObject({
      make: 'Make is required',
      model: 'Model is required',
      year: 'Year must be a valid year',
      price: 'Price is required',
      title: 'Title is required',
      description: 'Description must be at least 10 characters',
      contactEmail: 'Invalid email address',
    });
  });
  it('accepts a minimal listing and refuses a year after this one', () => {
    const minimal = { make: 'Ford', model: 'Focus', year: '2019', price: '12000', title: 'Tidy Focus' };
    expect(vehicleFieldsSchema.safeParse(minimal).success).toBe(true);
    expect(messages(vehicleFieldsSchema.safeParse({ ...minimal, year: String(new Date().getFullYear() + 1) })).year).toBe('Year must be a valid year');
  });
});

describe('booking request (and form)', () => {
  it('uses the spec messages', () => {
    const blankVehicle = { make: '', model: '', year: '', registration: '' };
    const customer = { name: 'A', email: 'x', phone: '123' };
    expect(messages(bookingRequestSchema.safeParse({ vehicle: blankVehicle, customer }))).toMatchObject({
      maintenanceType: 'Please select a maintenance type',
      specificService: 'Please select a specific service',
      appointmentDate: 'Please select a date',
      appointmentTime: 'Please select a time slot',
      'vehicle.make': 'Vehicle make is required',
      'vehicle.model': 'Vehicle model is required',
      'vehicle.year': 'Vehicle year is required',
      'vehicle.registration': 'Registration number is required',
      'customer.name': 'Name is required',
      'customer.email': 'Invalid email address',
      'customer.phone': 'Phone number is required',
    });
  });
});

describe('values the database cannot hold', () => {
  const nul = 'a\u0000b';
  it('refuses the NUL character in the free-text fields of every form, with a field message', () => {
    const register = { username: 'jane.doe', name: nul, phone: '555', email: 'j@example.com', address: nul, password: 'Password1', confirmPassword: 'Password1' };
    expect(messages(registerSchema.safeParse(register))).toEqual({ name: NUL_CHARACTER_MESSAGE, address: NUL_CHARACTER_MESSAGE });
    const listing = { make: 'Kia', model: nul, year: '2018', price: '9000', title: 'Kia Rio', description: `Fine car ${nul}`, location: nul };
    expect(messages(vehicleFieldsSchema.safeParse(listing))).toEqual({ model: NUL_CHARACTER_MESSAGE, description: NUL_CHARACTER_MESSAGE, location: NUL_CHARACTER_MESSAGE });
    expect(messages(userStatusChangeSchema.safeParse({ status: 'suspended', reason: nul }))).toEqual({ reason: NUL_CHARACTER_MESSAGE });
    expect(messages(vehicleListQuerySchema.safeParse({ search: nul }))).toEqual({ search: NUL_CHARACTER_MESSAGE });
  });

  it('bounds integer filters to the integer column and refuses a month of year 0', () => {
    expect(vehicleListQuerySchema.safeParse({ year: '99999999999' }).success).toBe(false);
    expect(vehicleListQuerySchema.safeParse({ min_year: '-2147483649' }).success).toBe(false);
    expect(vehicleListQuerySchema.safeParse({ year: '2147483647', page: '2' }).success).toBe(true);
    expect(availabilityMonthQuerySchema.safeParse({ month: '0000-01' }).success).toBe(false);
    expect(availabilityMonthQuerySchema.safeParse({ month: '0001-01' }).success).toBe(true);
  });
});

describe('invisible controls (bidi overrides, zero-width characters)', () => {
  const rlo = '\u202E';
  const zwsp = '\u200B';
  it('are stripped from titles, makes, models, names and the other text people see', () => {
    const listing = vehicleFieldsSchema.parse({
      make: `${zwsp}Toy${'\u200D'}ota`,
      model: `Civic${rlo}cod.exe`,
      year: '2018',
      price: '9000',
      title: `${'\uFEFF'} Honda ${'\u2066'}Civic${'\u2069'} `,
      location: `${zwsp} Springfield`,
      description: `Great car${'\u200E'}, one owner.`,
    });
    expect(listing).toMatchObject({ make: 'Toyota', model: 'Civiccod.exe', title: 'Honda Civic', location: 'Springfield', description: 'Great car, one owner.' });
    const register = registerSchema.parse({ username: 'jane', name: `Ja${rlo}ne`, phone: `555${zwsp}`, email: 'j@example.com', address: '1 Main St', password: 'Password1', confirmPassword: 'Password1' });
    expect(register).toMatchObject({ name: 'Jane', phone: '555' });
    const booking = bookingRequestSchema.safeParse({
      maintenanceType: 'routine',
      specificService: 'Oil Change',
      appointmentDate: '2030-01-07',
      appointmentTime: '09:00 AM',
      vehicle: { make: `Ford${rlo}`, model: 'Focus', year: '2015', registration: `AB${zwsp}123` },
      customer: { name: `${zwsp}Sam`, email: 's@example.com', phone: '5550100200' },
    });
    expect(booking.data).toMatchObject({ vehicle: { make: 'Ford', registration: 'AB123' }, customer: { name: 'Sam' } });
  });

  it('leave a field made only of them blank, with the spec message', () => {
    const listing = { make: zwsp, model: 'Rio', year: '2018', price: '9000', title: `${rlo}${'\u200D'}` };
    expect(messages(vehicleFieldsSchema.safeParse(listing))).toEqual({ make: 'Make is required', title: 'Title is required' });
    const register = { username: 'jane', name: rlo, phone: '555', email: 'j@example.com', address: 'x', password: 'Password1', confirmPassword: 'Password1' };
    expect(messages(registerSchema.safeParse(register))).toEqual({ name: 'Name is required' });
    // An optional field made only of them is absent, not an empty string.
    expect(vehicleFieldsSchema.parse({ ...listing, make: 'Kia', title: 'Kia Rio', location: zwsp }).location).toBeUndefined();
  });

  it('are kept in passwords, which are compared as typed', () => {
    expect(loginSchema.parse({ emailOrUsername: 'jane', password: `Pass${zwsp}word1` }).password).toBe(`Pass${zwsp}word1`);
  });
});
