import { AlertDialog, type Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * The panel of a shopper's dialog: the dimmed page, a centred card with its title and what it means, then `children`.
 * `kind` is the Radix dialog it belongs to: an `AlertDialog` asks to confirm, a `Dialog` holds a form.
 */
export function DialogPanel({
  kind,
  width,
  title,
  description,
  children,
}: {
  kind: typeof AlertDialog | typeof Dialog;
  /** A Tailwind width class, e.g. `w-[min(92vw,26rem)]`. */
  width: string;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  // The two share the parts used here (Portal, Overlay, Content, Title, Description) and their props.
  const D = kind as typeof Dialog;
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <D.Content
        className={`fixed top-1/2 left-1/2 z-50 ${width} -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl`}
      >
        <D.Title className="text-lg font-semibold">{title}</D.Title>
        <D.Description className="mt-2 text-sm text-gray-600">{description}</D.Description>
        {children}
      </D.Content>
    </D.Portal>
  );
}

/** A red button that asks before it acts (clear the cart, cancel an order), and says so while it is busy. */
export function ConfirmButton({
  label,
  busyLabel,
  busy,
  question,
  description,
  keep,
  confirm,
  onConfirm,
  testId,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  question: string;
  description: ReactNode;
  /** The button that closes the question and does nothing. */
  keep: string;
  confirm: string;
  onConfirm: () => void;
  testId?: string;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger
        disabled={busy}
        data-testid={testId}
        className="rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-red-500"
      >
        {busy ? busyLabel : label}
      </AlertDialog.Trigger>
      <DialogPanel kind={AlertDialog} width="w-[min(92vw,26rem)]" title={question} description={description}>
        <div className="mt-6 flex justify-end gap-3">
          <AlertDialog.Cancel className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500">
            {keep}
          </AlertDialog.Cancel>
          <AlertDialog.Action
            onClick={onConfirm}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500"
          >
            {confirm}
          </AlertDialog.Action>
        </div>
      </DialogPanel>
    </AlertDialog.Root>
  );
}
