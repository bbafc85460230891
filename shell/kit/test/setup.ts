import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { expectAnswersMatchedTheirEndpoints } from '../src/testing.tsx';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  expectAnswersMatchedTheirEndpoints();
});
