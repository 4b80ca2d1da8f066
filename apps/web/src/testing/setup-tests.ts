import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { startLanguage } from '../lib/i18n';

// Every area's English words, as a page in English has once its screens are loaded: the tests read the spec's texts.
await startLanguage('en', ['shop', 'account', 'staff', 'contract']);

afterEach(() => {
  cleanup();
  // Absent in the files that run in Node (entry-server.test.tsx: the API's page rendering).
  if (typeof localStorage !== 'undefined') localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
