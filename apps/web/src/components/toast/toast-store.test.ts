import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST } from '@dealer/shared';
import { ApiError } from '@/lib/api-client';
import { dismissToast, toast, toastApiError, useToasts } from './toast-store';
import { renderHook, act } from '@testing-library/react';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store: one toast per message, removed after its delay', () => {
  it('keeps one toast at a time, the newest', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Second', open: true });
  });

  it('removes a dismissed toast only after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Bye' });
    });
    act(() => dismissToast(id));
    expect(result.current.find((t) => t.id === id)).toMatchObject({ open: false });
    act(() => vi.advanceTimersByTime(TOAST.removeDelayMs - 1));
    expect(result.current.find((t) => t.id === id)).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.find((t) => t.id === id)).toBeUndefined();
  });

  it('the generic failure toast is destructive and titled by status', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toastApiError(new ApiError(403, ''), 'Failed to fetch users');
    });
    expect(result.current[0]).toMatchObject({
      title: 'Access Denied',
      description: 'Failed to fetch users',
      variant: 'destructive',
      open: true,
    });
  });

  it('shows for 5000 ms with a swipe threshold of 50', () => {
    expect(TOAST).toMatchObject({ limit: 1, durationMs: 5000, swipeThreshold: 50, removeDelayMs: 1_000_000 });
  });
});
