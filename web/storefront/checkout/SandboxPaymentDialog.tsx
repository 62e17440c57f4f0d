import { Loader2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { formatCurrency, minorToMajor } from '../../../contract/currency-rules';
import { formatRupees } from '../../cart/format';
import type { SandboxSession } from './usePayment';

type Props = {
  session: Pick<SandboxSession, 'order'> | null;
  /** Pays or fails the payment; resolves with a message to show in the dialog, or null when it is done. */
  onOutcome: (outcome: 'success' | 'failure') => Promise<string | null>;
  onCancel: () => void;
};

/**
 * Stands in for Razorpay Checkout when the shop runs without Razorpay keys: no money moves, but the order is
 * paid, failed or cancelled through the same server path as a real payment.
 */
export function SandboxPaymentDialog({ session, onOutcome, onCancel }: Props) {
  const [busy, setBusy] = useState<'success' | 'failure' | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function choose(outcome: 'success' | 'failure') {
    setBusy(outcome);
    setMessage(null);
    const text = await onOutcome(outcome);
    setBusy(null);
    setMessage(text);
  }

  // What the payment window charges: the payment order's amount in its currency's smallest unit.
  const currency = session?.order.razorpayOrder.currency ?? 'INR';
  const amount = session ? minorToMajor(session.order.razorpayOrder.amount, currency) : 0;
  return (
    <Dialog.Root
      open={session !== null}
      onOpenChange={(open) => {
        if (!open && !busy) {
          setMessage(null);
          onCancel();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Sandbox payment</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            Test mode: no money is taken. Choose how this payment should end.
          </Dialog.Description>
          <dl className="mt-4 space-y-1 rounded-lg bg-gray-50 p-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-gray-600">Amount</dt>
              <dd className="font-semibold tabular-nums" data-testid="sandbox-amount">
                {currency === 'INR' ? formatRupees(amount) : formatCurrency(amount, currency)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-gray-600">Order</dt>
              <dd className="truncate font-mono text-xs leading-5">{session?.order.razorpayOrder.id}</dd>
            </div>
          </dl>
          {message ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {message}
            </p>
          ) : null}
          <div className="mt-6 grid grid-cols-3 gap-3">
            <button
              type="button"
              onClick={() => choose('success')}
              disabled={busy !== null}
              className="flex items-center justify-center gap-2 rounded-md bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600"
            >
              {busy === 'success' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              Pay
            </button>
            <button
              type="button"
              onClick={() => choose('failure')}
              disabled={busy !== null}
              className="flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
            >
              {busy === 'failure' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              Fail
            </button>
            <Dialog.Close
              disabled={busy !== null}
              className="rounded-md border border-gray-300 px-4 py-2.5 font-medium hover:bg-gray-50 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Cancel
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
