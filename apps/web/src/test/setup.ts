import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages answer through the whole app (router, lazy pages, the store): on a busy machine (the
// suites run beside each other) a lazy page can take more than the default second to appear.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
