import { describe, expect, it } from 'vitest';
import { loginSchema, profileUpdateSchema, registerSchema } from './auth';
import { bookingFormSchema } from './maintenance';
import { vehicleFieldsSchema } from './vehicle';

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

describe('booking form', () => {
  it('uses the spec messages', () => {
    expect(messages(bookingFormSchema.safeParse({ name: 'A', email: 'x', phone: '123' }))).toMatchObject({
      maintenanceType: 'Please select a maintenance type',
      specificService: 'Please select a specific service',
      appointmentDate: 'Please select a date',
      appointmentTime: 'Please select a time slot',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      vehicleYear: 'Vehicle year is required',
      vehicleRegistration: 'Registration number is required',
      name: 'Name is required',
      email: 'Invalid email address',
      phone: 'Phone number is required',
    });
  });
});
