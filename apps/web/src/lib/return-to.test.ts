import { describe, expect, it } from 'vitest';
import { returnToOf, returnToState } from './return-to';

describe('return-to', () => {
  it('keeps the page the visitor was on, with its query', () => {
    expect(returnToState({ pathname: '/vehicles/abc', search: '?x=1' })).toEqual({ returnTo: '/vehicles/abc?x=1' });
  });

  it('on the sign-in pages, passes on the page before them', () => {
    expect(returnToState({ pathname: '/login', search: '', state: { returnTo: '/vehicles/abc' } })).toEqual({ returnTo: '/vehicles/abc' });
    expect(returnToState({ pathname: '/register', search: '', state: null })).toBeUndefined();
  });

  it('refuses other sites and the sign-in pages as destinations', () => {
    expect(returnToOf({ returnTo: '//evil.example/x' })).toBeNull();
    expect(returnToOf({ returnTo: 'https://evil.example' })).toBeNull();
    expect(returnToOf({ returnTo: '/login?next=1' })).toBeNull();
    expect(returnToOf({ returnTo: 42 })).toBeNull();
    expect(returnToOf(undefined)).toBeNull();
    expect(returnToOf({ returnTo: '/maintenance' })).toBe('/maintenance');
  });
});
