import { CheckCircle2, XCircle } from 'lucide-react';
import { Dialog } from 'radix-ui';

export type AlertState = { kind: 'success' | 'error'; title: string; text: string } | null;

/** A modal message with one OK button ('Success!' / 'Error!' alerts). */
export function Alert({ alert, onClose }: { alert: AlertState; onClose: () => void }) {
  return (
    <Dialog.Root open={alert !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-center shadow-xl">
          {alert?.kind === 'success' ? (
            <CheckCircle2 aria-hidden className="mx-auto mb-3 size-12 text-green-600" />
          ) : (
            <XCircle aria-hidden className="mx-auto mb-3 size-12 text-red-600" />
          )}
          <Dialog.Title className="text-xl font-semibold">{alert?.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-gray-700">{alert?.text}</Dialog.Description>
          <Dialog.Close className="mt-5 rounded-md bg-brand-700 px-6 py-2 font-medium text-white hover:bg-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            OK
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
