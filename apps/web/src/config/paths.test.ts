import { describe, expect, it } from 'vitest';
import { isAdminPath } from './paths';

describe('isAdminPath', () => {
  it('knows the admin area in any letter case, as the router and the server do', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/users')).toBe(true);
    expect(isAdminPath('/ADMIN/Users')).toBe(true);
    expect(isAdminPath('/Admin')).toBe(true);
  });

  it('leaves other pages alone, even ones that start with the same letters', () => {
    expect(isAdminPath('/administration')).toBe(false);
    expect(isAdminPath('/account/admin')).toBe(false);
    expect(isAdminPath('/')).toBe(false);
  });
});
