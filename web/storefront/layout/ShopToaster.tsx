import { Toaster } from 'sonner';

/** Toasts: top-right, auto-close after 5 s, drag to dismiss. Toasts raised before it mounts still show. */
export default function ShopToaster() {
  return <Toaster position="top-right" duration={5000} richColors closeButton />;
}
