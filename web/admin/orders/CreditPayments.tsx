import { type FormEvent, useState } from 'react';
import { type AdminOrder, adminApi } from '../../api/admin';
import { ApiError } from '../../api/client';
import { creditApi } from '../../api/credit';
import { Button, SelectField, TextField } from '../../ui/form';
import { formatINR } from '../format';
import { Modal } from '../ui/Modal';
import { ErrorBanner } from '../ui/Page';

/**
 * Asks the question first (null: nothing to confirm, such as a private note), then calls, then says how it went;
 * `refusalShownHere`: the form shows a refusal itself, so no popup repeats it.
 */
export type Run = (
  question: { title: string; text: string; confirmLabel: string } | null,
  call: () => Promise<{ order: AdminOrder; message?: string }>,
  success: string,
  refusalShownHere?: boolean,
) => Promise<boolean>;

/** How money moves outside the shop: a payment received, or a refund paid back. */
export const METHODS = [
  { value: 'neft', label: 'NEFT' },
  { value: 'rtgs', label: 'RTGS' },
  { value: 'imps', label: 'IMPS' },
  { value: 'upi', label: 'UPI' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'cash', label: 'Cash' },
] as const;
export type Method = (typeof METHODS)[number]['value'];
export const methodName = (m: string) => (m === 'razorpay' ? 'Online' : (METHODS.find((x) => x.value === m)?.label ?? m));

/** Today in India (YYYY-MM-DD). */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * A credit order's terms on the back-office order page: its due date, what is still due, the payments received,
 * and "Record a payment" (bank transfer, UPI, cheque or cash received outside the shop) while something is due.
 */
export function CreditSection({ order, run }: { order: AdminOrder; run: Run }) {
  const [open, setOpen] = useState(false);
  if (!order.duedate) return null;
  const due = order.amountdue ?? 0;
  const owing = (order.paymentstatus === 'Due' || order.paymentstatus === 'Partially paid') && due > 0;
  const overdue = owing && order.duedate < indiaToday();
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      aria-label="Credit"
      data-testid="credit-section"
    >
      <h2 className="mb-3 text-base font-semibold text-gray-900">Credit</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-500">Due on</dt>
        <dd data-testid="credit-duedate">
          {order.duedate}
          {overdue ? (
            <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Overdue</span>
          ) : null}
        </dd>
        <dt className="text-gray-500">Amount due</dt>
        <dd className="tabular-nums" data-testid="credit-amountdue">
          {formatINR(due)}
        </dd>
      </dl>
      {order.payments?.length ? (
        <ul className="mt-3 divide-y divide-gray-100 text-sm" aria-label="Payments received">
          {order.payments.map((p) => (
            <li key={`${p.method}-${p.reference}-${p.receivedon}-${p.amount}`} className="py-2" data-testid="credit-payment">
              {formatINR(p.amount)} · {methodName(p.method)}
              {p.reference ? ` · ${p.reference}` : ''} · {p.receivedon}
            </li>
          ))}
        </ul>
      ) : null}
      {owing ? (
        <div className="mt-3">
          <Button variant="secondary" onClick={() => setOpen(true)} data-testid="open-record-payment">
            Record a payment
          </Button>
        </div>
      ) : null}
      {open ? <RecordPaymentDialog order={order} run={run} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function RecordPaymentDialog({ order, run, onClose }: { order: AdminOrder; run: Run; onClose: () => void }) {
  const due = order.amountdue ?? 0;
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method>('neft');
  const [reference, setReference] = useState('');
  const [receivedon, setReceivedon] = useState(indiaToday);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(amount);
    const found: Record<string, string> = {};
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) found.amount = 'Enter the amount received, in rupees';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedon)) found.receivedon = 'Enter the day it was received';
    setErrors(found);
    setRefusal('');
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const done = await run(
        {
          title: `Record ${formatINR(value)} by ${methodName(method)}?`,
          text: `Received on ${receivedon}${reference.trim() ? `, reference ${reference.trim()}` : ''}. It is taken off what ${order.number} owes.`,
          confirmLabel: 'Yes, record it',
        },
        async () => {
          const res = await creditApi.recordPayment(order._id, {
            amount: value,
            method,
            reference: reference.trim(),
            receivedon,
          });
          // The answer is the customer's view of the order: the page shows the back-office's, asked again.
          return { order: (await adminApi.orders.detail(order._id)).order, message: res.message };
        },
        'Payment recorded',
        true,
      );
      if (done) onClose();
    } catch (err) {
      // A field the server refused is shown beside it; any other refusal (more than is due, the cash rule) above.
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setRefusal(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Record a payment"
      description={`${formatINR(due)} is due on this order.`}
      showDescription
      locked={busy}
      testId="record-payment-dialog"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {refusal ? <ErrorBanner>{refusal}</ErrorBanner> : null}
        <TextField
          id="payment-amount"
          label="Amount (₹)"
          required
          error={errors.amount}
          inputMode="decimal"
          placeholder={`up to ${formatINR(due)}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <SelectField
          id="payment-method"
          label="Method"
          required
          error={errors.method}
          options={METHODS}
          value={method}
          onChange={(e) => setMethod(e.target.value as Method)}
        />
        <TextField
          id="payment-reference"
          label="Reference"
          hint="UTR, UPI reference or cheque number"
          error={errors.reference}
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
        <TextField
          id="payment-receivedon"
          label="Received on"
          required
          type="date"
          error={errors.receivedon}
          value={receivedon}
          onChange={(e) => setReceivedon(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button type="submit" disabled={busy} data-testid="submit-record-payment">
            {busy ? 'Recording…' : 'Record payment'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
