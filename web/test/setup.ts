import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearNotices } from '../admin/ui/Notice';
import { notify } from '../ui/notify';

// Sonner and the back-office's notices each keep theirs in one module-wide store: a toast or failure raised by one
// test would otherwise reappear in the next test's screen. Forget them all and unmount every screen between tests.
afterEach(async () => {
  await notify.dismiss();
  cleanup();
  clearNotices();
});

// The files of a worker share one document and one module graph (vitest.config.ts): each file leaves them as it
// found them — no element, stored value, cookie, address, timer or stub of its own.
afterAll(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  // and what a dialog left on the body (a scroll lock, pointer-events) if a file ended with one open
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
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
