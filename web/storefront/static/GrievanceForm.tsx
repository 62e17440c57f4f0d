import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ordersApi } from '../../api/orders';
import { type GrievanceInput, trustApi } from '../../api/trust';
import { useSession } from '../../auth/session';
import { Field, Select, SubmitButton, Textarea, TextField } from '../../ui/form';
import { problemsOf } from '../account/useFormCall';
import { indiaDateTime } from '../trust/format';

export const GRIEVANCES_KEY = ['grievances'] as const;

type Filed = { number: string; acknowledgeby: string; resolveby: string };

/**
 * The complaint form for the grievance officer: a signed-in buyer may name one of their orders; someone not signed in
 * gives a name and mobile number. The ticket number and its deadlines show at once.
 */
export function GrievanceForm() {
  const id = useId();
  const qc = useQueryClient();
  const { user } = useSession();
  const orders = useQuery({ queryKey: ['my-orders'], queryFn: ordersApi.myOrders, enabled: Boolean(user) });
  const [values, setValues] = useState({ subject: '', message: '', orderId: '', name: '', mobileno: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [filed, setFiled] = useState<Filed | null>(null);
  const set = (k: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem('');
    try {
      const body: GrievanceInput = {
        subject: values.subject,
        message: values.message,
        ...(user ? (values.orderId ? { orderId: values.orderId } : {}) : { name: values.name, mobileno: values.mobileno }),
        ...(!user && values.email.trim() ? { email: values.email } : {}),
      };
      const { ticket } = await trustApi.file(body);
      setFiled(ticket);
      setValues({ subject: '', message: '', orderId: '', name: '', mobileno: '', email: '' });
      void qc.invalidateQueries({ queryKey: GRIEVANCES_KEY });
    } catch (err) {
      const p = problemsOf(err);
      setErrors(p.fields);
      setProblem(p.text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 max-w-xl space-y-4" aria-label="File a grievance">
      {filed ? (
        <p role="status" data-testid="grievance-filed" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Your grievance is registered as ticket <strong>{filed.number}</strong>. We will acknowledge it by{' '}
          {indiaDateTime(filed.acknowledgeby)} and resolve it by {indiaDateTime(filed.resolveby)}.
        </p>
      ) : null}
      {user ? null : (
        <>
          <TextField
            id={`${id}-name`}
            label="Name"
            value={values.name}
            onValue={set('name')}
            error={errors.name}
            density="roomy"
            autoComplete="name"
          />
          <TextField
            id={`${id}-mobileno`}
            label="Mobile No"
            value={values.mobileno}
            onValue={set('mobileno')}
            error={errors.mobileno}
            density="roomy"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
          />
          <TextField
            id={`${id}-email`}
            label="E-mail (optional)"
            value={values.email}
            onValue={set('email')}
            error={errors.email}
            density="roomy"
            type="email"
            autoComplete="email"
          />
        </>
      )}
      {user && orders.data && orders.data.orders.length > 0 ? (
        <Field id={`${id}-order`} label="Order (optional)" error={errors.orderId}>
          <Select id={`${id}-order`} density="roomy" value={values.orderId} onChange={(e) => set('orderId')(e.target.value)}>
            <option value="">Not about one order</option>
            {orders.data.orders.map((o) => (
              <option key={o._id} value={o._id}>
                {o.number || o._id}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <TextField
        id={`${id}-subject`}
        label="Subject"
        value={values.subject}
        onValue={set('subject')}
        error={errors.subject}
        density="roomy"
        maxLength={200}
      />
      <Field id={`${id}-message`} label="Your complaint" error={errors.message} hint="At least 20 characters.">
        <Textarea
          id={`${id}-message`}
          density="roomy"
          rows={5}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          maxLength={5000}
          error={errors.message}
        />
      </Field>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <SubmitButton
        busy={busy}
        busyText="Sending..."
        className="rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        File grievance
      </SubmitButton>
    </form>
  );
}
