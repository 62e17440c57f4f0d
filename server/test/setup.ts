import { afterAll, vi } from 'vitest';

// The files of a worker share one module graph (vitest.config.ts): each file leaves no fake timer, stubbed
// global or environment variable, or spy behind for the next.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
