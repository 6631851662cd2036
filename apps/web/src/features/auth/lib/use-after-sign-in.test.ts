import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@dealer/shared';
import { afterSignInDestination } from './use-after-sign-in';

const user = (role: PublicUser['role']): PublicUser => ({
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'someone',
  name: 'Some One',
  email: 'someone@example.com',
  phone: '+1 555 0100',
  address: null,
  avatar: null,
  role,
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('afterSignInDestination: where a user lands after signing in', () => {
  it('prefers the saved route', () => {
    expect(afterSignInDestination(user('USER'), '/account/vehicles?x=1')).toBe('/account/vehicles?x=1');
    expect(afterSignInDestination(user('ADMIN'), '/account/profile')).toBe('/account/profile');
  });

  it('sends an admin without a saved route to /admin', () => {
    expect(afterSignInDestination(user('ADMIN'), null)).toBe('/admin');
  });

  it('lets other users stay (the guest guard then shows the profile)', () => {
    expect(afterSignInDestination(user('USER'), null)).toBeNull();
  });

  it('ignores a saved admin route for someone who is not an admin', () => {
    expect(afterSignInDestination(user('USER'), '/admin/vehicles')).toBeNull();
    expect(afterSignInDestination(user('ADMIN'), '/admin/vehicles')).toBe('/admin/vehicles');
  });

  it('returns a user to the page they chose Log In on, after a saved route', () => {
    expect(afterSignInDestination(user('USER'), null, '/vehicles/abc')).toBe('/vehicles/abc');
    expect(afterSignInDestination(user('USER'), '/account/vehicles', '/vehicles/abc')).toBe('/account/vehicles');
    expect(afterSignInDestination(user('USER'), null, '/admin/users')).toBeNull();
    // An admin still goes to the admin area, as before.
    expect(afterSignInDestination(user('ADMIN'), null, '/vehicles/abc')).toBe('/admin');
  });
});
