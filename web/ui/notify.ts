import { createElement } from 'react';

/**
 * The storefront's one way to tell the shopper something in a toast (sonner): every screen calls `notify`, and nothing
 * else imports the toast library (`npm run lint` refuses it; the back-office has its own notices,
 * `web/admin/ui/Notice.tsx`). The library is fetched on the first message, or with the toaster once the browser is
 * idle, never with the page: it is the same module either way, so messages raised before the toaster shows still
 * appear, in the order they were raised.
 */
let sonner: Promise<typeof import('sonner')> | undefined;
const load = () => {
  sonner ??= import('sonner');
  return sonner;
};

export const notify = {
  success(message: string) {
    void load().then(({ toast }) => toast.success(message));
  },
  /** A failure; `description`, when there is one, is a second line under it (the server's reason). */
  error(message: string, description?: string) {
    void load().then(({ toast }) => toast.error(message, description ? { description } : undefined));
  },
  /** Nothing went wrong and nothing was done (a payment window closed). */
  info(message: string) {
    void load().then(({ toast }) => toast.info(message));
  },
  /** Closes every toast shown (before the word that replaces them); resolves once they are closed. */
  dismiss(): Promise<void> {
    return load().then(({ toast }) => {
      toast.dismiss();
    });
  },
};

/**
 * The shop's toaster, for `React.lazy` (it comes with the toast library): top-right, each toast closing after 5 s or
 * when dragged away or closed. Toasts raised before it mounts still show.
 */
export const loadToaster = () =>
  load().then(({ Toaster }) => ({
    default: function ShopToaster() {
      return createElement(Toaster, { position: 'top-right', duration: 5000, richColors: true, closeButton: true });
    },
  }));
