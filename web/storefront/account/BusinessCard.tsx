import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { canonicalState, GSTIN_MESSAGES, gstinError, gstinState, STATE_NAMES } from '../../../contract/gst-rules';
import { GSTIN_STATE_MISMATCH } from '../../../contract/wholesale';
import { type Business, type BusinessInput, wholesaleApi } from '../../api/wholesale';
import { SESSION_KEY } from '../../auth/session';
import { Field, Select, SubmitButton, TextField } from '../../ui/form';
import { useFormCall } from './useFormCall';

const BUSINESS_KEY = ['business'] as const;

const primaryButton =
  'rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60';

/**
 * What is wrong with a GSTIN as typed (its format, state code and check character, and that its state code is
 * the chosen state's), or null; nothing is said while it is still short.
 * @forTests unit-tested with GSTINs of wrong check digits and other states
 */
export function gstinProblem(gstin: string, state: string, complete = false): string | null {
  const g = gstin.trim().toUpperCase();
  if (!g) return complete ? GSTIN_MESSAGES.format : null;
  if (g.length < 15 && !complete) return null;
  const error = gstinError(g);
  if (error) return error;
  const chosen = canonicalState(state);
  if (chosen && gstinState(g) !== chosen) return GSTIN_STATE_MISMATCH;
  return null;
}

const STATUS_TEXT: Record<Business['status'], string> = {
  pending: 'Your application is waiting for approval. We will tell you as soon as it is reviewed.',
  approved: 'Your business account is approved: you see trade prices while signed in.',
  rejected: 'Your application was not approved. You may correct it and apply again.',
  suspended: 'Your business account is suspended: you pay retail prices until it is restored.',
};

const EMPTY: Record<keyof BusinessInput, string> = {
  legalname: '',
  tradename: '',
  gstin: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  note: '',
};

/** "Buy for your business": the business's status, or the form to apply (again). */
export function BusinessCard() {
  const qc = useQueryClient();
  const mine = useQuery({ queryKey: BUSINESS_KEY, queryFn: () => wholesaleApi.myBusiness() });
  const business = mine.data?.business ?? null;
  const [form, setForm] = useState(EMPTY);
  const call = useFormCall();
  const { errors, setErrors, setOutcome, run } = call;
  const typed = gstinProblem(form.gstin, form.state);
  const canApply = !business || business.status === 'rejected' || business.status === 'suspended';

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = gstinProblem(form.gstin, form.state, true);
    if (problem) {
      setErrors({ gstin: problem });
      setOutcome({ kind: 'error', text: problem });
      return;
    }
    void run(async () => {
      const res = await wholesaleApi.apply(form);
      qc.setQueryData(BUSINESS_KEY, { success: true, business: res.business });
      await qc.invalidateQueries({ queryKey: SESSION_KEY });
      setForm(EMPTY);
      return res.message;
    });
  }

  const set = (k: keyof BusinessInput) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <section aria-labelledby="business-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="business-heading" className="mb-4 text-lg font-semibold text-gray-900">
        Buy for your business
      </h2>
      {business ? (
        <div className="mb-4 space-y-1 text-sm text-gray-800" data-testid="business-status">
          <p>
            <span className="font-medium">{business.tradename || business.legalname}</span> · GSTIN{' '}
            <span className="font-mono">{business.gstin}</span>
          </p>
          <p>{STATUS_TEXT[business.status]}</p>
          {business.reason ? <p>Reason: {business.reason}</p> : null}
          {business.status === 'approved' && business.pricegroup ? <p>Price group: {business.pricegroup.name}</p> : null}
        </div>
      ) : (
        <p className="mb-4 text-sm text-gray-700">
          Jewellers and gem dealers with a GSTIN can open a business account for trade prices and volume discounts.
        </p>
      )}
      {canApply && !mine.isPending ? (
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="business-legalname"
            label="Legal name"
            value={form.legalname}
            onValue={set('legalname')}
            density="roomy"
            error={errors.legalname}
            autoComplete="organization"
          />
          <TextField
            id="business-tradename"
            label="Trade name (optional)"
            value={form.tradename}
            onValue={set('tradename')}
            density="roomy"
            error={errors.tradename}
          />
          <TextField
            id="business-gstin"
            label="GSTIN"
            value={form.gstin}
            onValue={(v) => set('gstin')(v.toUpperCase())}
            density="roomy"
            controlClassName="font-mono"
            error={errors.gstin ?? typed ?? undefined}
            maxLength={15}
            autoComplete="off"
            spellCheck={false}
          />
          <Field id="business-state" label="State" error={errors.state}>
            <Select id="business-state" value={form.state} onChange={(e) => set('state')(e.target.value)} density="roomy">
              <option value="">Select a state</option>
              {STATE_NAMES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <div className="sm:col-span-2">
            <TextField
              id="business-address"
              label="Address"
              value={form.address}
              onValue={set('address')}
              density="roomy"
              error={errors.address}
              autoComplete="street-address"
            />
          </div>
          <TextField
            id="business-city"
            label="City"
            value={form.city}
            onValue={set('city')}
            density="roomy"
            error={errors.city}
            autoComplete="address-level2"
          />
          <TextField
            id="business-pincode"
            label="PIN code"
            value={form.pincode}
            onValue={set('pincode')}
            density="roomy"
            error={errors.pincode}
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
          />
          <div className="sm:col-span-2 space-y-4">
            {call.outcome ? (
              <p
                role={call.outcome.kind === 'ok' ? 'status' : 'alert'}
                data-testid="business-outcome"
                className={`rounded-md px-3 py-2 text-sm ${call.outcome.kind === 'ok' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
              >
                {call.outcome.text}
              </p>
            ) : null}
            <SubmitButton busy={call.busy} busyText="Sending..." className={primaryButton}>
              Apply for a business account
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </section>
  );
}
