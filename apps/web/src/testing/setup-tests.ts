import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short for a screen that chains a few requests
// when two cores run the whole suite. A passing test does not wait any longer for it.
configure({ asyncUtilTimeout: 3000 });

// A test fails when it logs an error (our own code and the libraries report through console.error).
// A test that expects an error says so by mocking console.error itself
// (vi.spyOn(console, 'error').mockImplementation(...)).
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

// Preact runs effects after the next frame, or after 35 ms where no frame comes, and then cancels the
// other of the two. A file's last effects must run while the test document still exists: past its
// teardown, `cancelAnimationFrame` is gone and the late timer throws.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 60)));
