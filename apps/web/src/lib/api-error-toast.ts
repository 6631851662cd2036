import { ApiError } from './api-client';

const TITLES: Record<number, string> = {
  401: 'Authentication Required',
  403: 'Access Denied',
  404: 'Not Found',
  422: 'Validation Error',
};

/**
 * The generic failure toast: title by status; description from the server,
 * else 'Failed to {action} {resource}', else 'Internet server error, try later'.
 */
export function describeApiError(error: unknown, fallback: string): { title: string; description: string } {
  const status = error instanceof ApiError ? error.status : 0;
  const serverMessage = error instanceof ApiError ? error.message : '';
  return {
    title: TITLES[status] ?? 'Error',
    description: serverMessage || fallback || 'Internet server error, try later',
  };
}
