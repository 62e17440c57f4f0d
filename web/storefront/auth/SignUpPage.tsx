import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import { safeNext, signInPath } from '../../auth/returnTo';
import { SESSION_KEY } from '../../auth/session';
import { Alert, type AlertState } from '../../ui/Alert';
import { Checkbox, SubmitButton } from '../../ui/form';
import { MARKETING_LABEL } from '../trust/marketing';
import { AuthCard, AuthSwitch, authErrorText, authSubmitClass } from './AuthCard';
import { AuthField, MOBILE_FIELD } from './AuthField';
import { useCarryOn } from './carryOn';

export function SignUpPage() {
  const [values, setValues] = useState<Record<Field, string>>({ fullname: '', mobileno: '', email: '', password: '' });
  const [marketing, setMarketing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<AlertState>(null);
  const [next, setNext] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeNext(params.get('next'));
  const signIn = signInPath(back);
  const qc = useQueryClient();
  const carryOn = useCarryOn(back);

  // 'Success!' needs no tap: it shows, then the shopper, signed in by the sign-up, carries on where they were.
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true }), 1200);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFieldErrors({});
    try {
      const { email, ...rest } = values;
      const res = await authApi.signUp({ ...rest, ...(email.trim() ? { email } : {}), marketing });
      qc.setQueryData(SESSION_KEY, res.user);
      void qc.invalidateQueries({ queryKey: ['cart'] });
      const destination = await carryOn();
      setAlert({ kind: 'success', title: 'Success!', text: 'You have successfully signed up!' });
      setNext(destination);
    } catch (err) {
      // Each field's problem is shown as a sentence under that field, never as `fullname: …`.
      const errors = err instanceof ApiError ? (err.body?.errors ?? []) : [];
      const byField: Partial<Record<Field, string>> = {};
      for (const e of errors) {
        const f = e.path.split('.')[0] as Field;
        if (FIELDS.includes(f) && !byField[f]) byField[f] = e.message;
      }
      setFieldErrors(byField);
      const first = FIELDS.map((f) => byField[f]).find(Boolean);
      setAlert({ kind: 'error', title: 'Error!', text: first ?? authErrorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign Up">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {SIGN_UP_FIELDS.map(({ name, ...field }) => (
          <AuthField
            key={name}
            name={name}
            {...field}
            value={values[name]}
            onChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
            error={fieldErrors[name]}
          />
        ))}
        <Checkbox label={MARKETING_LABEL} checked={marketing} onChange={setMarketing} name="marketing" />
        <SubmitButton busy={busy} busyText="Signing up..." className={authSubmitClass}>
          Sign Up
        </SubmitButton>
      </form>
      <AuthSwitch text="Already have an account?" to={signIn} label="Sign In" />
      <Alert
        alert={alert}
        onClose={() => {
          setAlert(null);
          if (next) navigate(next, { replace: true });
        }}
      />
    </AuthCard>
  );
}

/** The sign-up form's fields, in the order their problems are told. */
const SIGN_UP_FIELDS = [
  { name: 'fullname', label: 'Full Name', autoComplete: 'name' },
  MOBILE_FIELD,
  { name: 'email', label: 'E-mail (optional)', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', password: true, autoComplete: 'new-password' },
] as const;
type Field = (typeof SIGN_UP_FIELDS)[number]['name'];
const FIELDS: readonly Field[] = SIGN_UP_FIELDS.map((f) => f.name);
