import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeApiError } from './api-error-toast';

describe('describeApiError: the generic failure toast', () => {
  it.each([
    [401, 'Authentication Required'],
    [403, 'Access Denied'],
    [404, 'Not Found'],
    [422, 'Validation Error'],
    [409, 'Error'],
    [500, 'Error'],
  ])('titles a %i as %s', (status, title) => {
    expect(describeApiError(new ApiError(status, 'From the server'), 'Failed to fetch vehicles')).toEqual({
      title,
      description: 'From the server',
    });
  });

  it("falls back to 'Failed to {action} {resource}' when the server gives no message", () => {
    expect(describeApiError(new ApiError(500, ''), 'Failed to fetch vehicles')).toEqual({
      title: 'Error',
      description: 'Failed to fetch vehicles',
    });
  });

  it("ends with 'Internet server error, try later' when there is no fallback either", () => {
    expect(describeApiError(new ApiError(500, ''), '')).toEqual({
      title: 'Error',
      description: 'Internet server error, try later',
    });
  });

  it('a network failure (not an ApiError) uses the fallback under the plain title', () => {
    expect(describeApiError(new TypeError('Failed to fetch'), 'Failed to login')).toEqual({
      title: 'Error',
      description: 'Failed to login',
    });
  });
});
