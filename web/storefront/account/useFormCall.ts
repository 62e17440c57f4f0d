import { useState } from 'react';
import { ApiError } from '../../api/client';

export type Errors = Record<string, string>;
export type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/** The problems of a failed call: each field's sentence, and one sentence for the form. */
export function problemsOf(err: unknown): { fields: Errors; text: string } {
  if (err instanceof ApiError) {
    const fields: Errors = {};
    for (const e of err.body?.errors ?? []) {
      const f = e.path.split('.')[0] ?? '';
      if (f && !fields[f]) fields[f] = e.message;
    }
    if (err.status === 0) return { fields, text: 'Network error. Please try again later.' };
    return { fields, text: Object.values(fields)[0] ?? err.body?.message ?? 'Something went wrong. Please try again.' };
  }
  return { fields: {}, text: 'Something went wrong. Please try again.' };
}

/**
 * A form's call to the shop: `run` clears what the last try showed, is busy while the call runs, then shows the
 * sentence the call answers, or on failure each field's problem and one sentence for the form.
 */
export function useFormCall() {
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<string>) {
    setBusy(true);
    setErrors({});
    setOutcome(null);
    try {
      setOutcome({ kind: 'ok', text: await call() });
    } catch (err) {
      const p = problemsOf(err);
      setErrors(p.fields);
      setOutcome({ kind: 'error', text: p.text });
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, outcome, setOutcome, busy, run };
}
