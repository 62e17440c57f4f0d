/**
 * Toasts for screens on a page's first load (listing and product cards): the toast library is fetched
 * on the first message instead of with the page. It is the same module the Toaster loads, so messages
 * raised before the Toaster shows still appear.
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
  error(message: string) {
    void load().then(({ toast }) => toast.error(message));
  },
};
