import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short for a screen that chains a few requests
// when two cores run the whole suite. A passing test does not wait any longer for it.
configure({ asyncUtilTimeout: 3000 });

// A test fails when it logs an error: React reports an update outside act(), a missing key or a
// failed prop type through console.error, and so does our own code. A test that expects an error
// says so by mocking console.error itself (vi.spyOn(console, 'error').mockImplementation(...)).
let errors: unknown[][] = [];
let spy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  errors = [];
  const original = console.error;
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
    original(...args);
  });
});

afterEach(() => {
  cleanup();
  spy?.mockRestore();
  expect(errors.map((args) => args.map(String).join(' ')), 'console.error was called').toEqual([]);
});
