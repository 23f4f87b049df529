import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { connectivity } from '../lib/connectivity.ts';
import { settleSessionEnd } from '../lib/session.ts';

// The unit-web files of a worker share one module graph and one jsdom window (vitest.config.ts
// `isolate: false`: 290 s → under a minute). So that no file sees what another left, every test's
// rendered tree is unmounted, and after each file these are put back as a fresh page has them:
// timers, stubbed globals and spies, storage, the document, the session module's "session ending"
// flag, and the connectivity flag (a file whose requests failed would leave the dashboard
// "offline", which pauses the next file's queries). MUI's styles stay in <head>: its style cache
// is shared too, and knows they are there.
afterEach(() => cleanup());

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  settleSessionEnd();
  connectivity.reportAnswer();
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  document.body.replaceChildren();
  document.body.removeAttribute('style');
});
