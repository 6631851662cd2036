import { describe, expect, it } from 'vitest';
import { AppError, ConflictError, NotFoundError, ValidationError } from './errors';

describe('service errors', () => {
  it('are answers made without a stack, and leave the process\'s stack depth as it was', () => {
    const before = Error.stackTraceLimit;
    const conflict = new ConflictError('You already hold 3 open bookings');
    expect(conflict).toBeInstanceOf(AppError);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.stack).toBe('ConflictError: You already hold 3 open bookings');
    expect(new NotFoundError().stack).toBe('NotFoundError: Not found');
    expect(new ValidationError({ email: 'Email is required' }).errors).toEqual({ email: 'Email is required' });
    expect(Error.stackTraceLimit).toBe(before);
    // Any other error still says where it came from.
    expect(new Error('a fault').stack?.split('\n').length).toBeGreaterThan(1);
  });
});
