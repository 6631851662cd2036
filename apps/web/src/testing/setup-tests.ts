import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default: too short for a screen that chains a few requests
// when two cores run the whole suite. A passing test does not wait any longer for it.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => cleanup());
