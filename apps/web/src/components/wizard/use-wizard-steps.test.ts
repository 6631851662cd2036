import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stepHolding, useWizardSteps } from './use-wizard-steps';

const STEPS = [{ fields: ['make', 'model'] }, { fields: [] }, { fields: ['customer.name', 'customer.email'] }] as const;

beforeEach(() => {
  window.scrollTo = vi.fn();
});

describe('useWizardSteps', () => {
  it('moves on only when the steps passed over pass their checks, from the top of the page', async () => {
    const validate = vi.fn(async (fields: string[]) => !fields.includes('make'));
    const { result } = renderHook(() => useWizardSteps({ steps: STEPS, validate }));
    await act(() => result.current.next());
    expect(result.current.step).toBe(0);
    expect(validate).toHaveBeenCalledWith(['make', 'model']);

    validate.mockResolvedValue(true);
    await act(() => result.current.goTo(2));
    // A step without fields is not checked.
    expect(validate).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ step: 2, done: 2, isLast: true });
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });

    act(() => result.current.back());
    expect(result.current).toMatchObject({ step: 1, isFirst: false, isLast: false });
    act(() => result.current.restart());
    expect(result.current).toMatchObject({ step: 0, done: 0, isFirst: true });
  });

  it('stops at the first step that fails on the way', async () => {
    const validate = vi.fn(async (fields: string[]) => !fields.includes('customer.name'));
    const { result } = renderHook(() => useWizardSteps({ steps: [...STEPS, { fields: [] }], validate }));
    await act(() => result.current.goTo(3));
    expect(result.current.step).toBe(2);
  });

  it('finds the step holding a field by its path or the object holding it', () => {
    expect(stepHolding(STEPS, ['customer'])).toBe(2);
    expect(stepHolding(STEPS, ['model', 'customer.email'])).toBe(0);
    expect(stepHolding(STEPS, ['userId'])).toBe(-1);
    const { result } = renderHook(() => useWizardSteps({ steps: STEPS, validate: async () => true }));
    expect(result.current.stepWith(['userId'])).toBe(2);
  });
});
