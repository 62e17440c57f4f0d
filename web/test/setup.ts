import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';

// Sonner keeps its toasts in one module-wide store: a toast raised by one test would otherwise
// reappear in the next test's Toaster. Dismiss them all and unmount every screen between tests.
afterEach(() => {
  toast.dismiss();
  cleanup();
});

// The files of a worker share one document and one module graph (vitest.config.ts): each file leaves them as it
// found them — no element, stored value, cookie, address, timer or stub of its own.
afterAll(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this only expires the test's own cookies
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
