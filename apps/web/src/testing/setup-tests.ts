import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // Absent in the files that run in Node (entry-server.test.tsx: the API's page rendering).
  if (typeof localStorage !== 'undefined') localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
