import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// Sonner keeps its toasts in one module-wide store: a toast raised by one test would otherwise
// reappear in the next test's Toaster. Dismiss them all and unmount every screen between tests.
afterEach(() => {
  toast.dismiss();
  cleanup();
});
