import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import { safeNext, signInPath } from '../../auth/returnTo';
import { Alert, type AlertState } from '../../ui/Alert';
import { AuthCard, authErrorText, inputClass } from './AuthCard';
import { PasswordInput } from './PasswordInput';

export function SignUpPage() {
  const [fullname, setFullname] = useState('');
  const [mobileno, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<AlertState>(null);
  const [done, setDone] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = signInPath(safeNext(params.get('next')));

  // 'Success!' needs no tap: it shows, then the shopper goes on to sign in (and back to where they were).
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(signIn, { replace: true }), 1200);
    return () => clearTimeout(timer);
  }, [done, navigate, signIn]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFieldErrors({});
    try {
      await authApi.signUp({ fullname, mobileno, password, ...(email.trim() ? { email } : {}) });
      setAlert({ kind: 'success', title: 'Success!', text: 'You have successfully signed up!' });
      setDone(true);
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
        <div>
          <label htmlFor="fullname" className="mb-1 block text-sm font-medium">
            Full Name
          </label>
          <input
            id="fullname"
            name="fullname"
            autoComplete="name"
            value={fullname}
            onChange={(e) => setFullname(e.target.value)}
            className={inputClass}
            aria-invalid={fieldErrors.fullname ? true : undefined}
            aria-describedby={fieldErrors.fullname ? 'fullname-error' : undefined}
          />
          <FieldError id="fullname-error" text={fieldErrors.fullname} />
        </div>
        <div>
          <label htmlFor="mobileno" className="mb-1 block text-sm font-medium">
            Mobile No
          </label>
          <input
            id="mobileno"
            name="mobileno"
            inputMode="numeric"
            autoComplete="tel"
            value={mobileno}
            onChange={(e) => setMobile(e.target.value)}
            className={inputClass}
            aria-invalid={fieldErrors.mobileno ? true : undefined}
            aria-describedby={fieldErrors.mobileno ? 'mobileno-error' : undefined}
          />
          <FieldError id="mobileno-error" text={fieldErrors.mobileno} />
        </div>
        <div>
          <label htmlFor="email" className="mb-1 block text-sm font-medium">
            E-mail (optional)
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? 'email-error' : undefined}
          />
          <FieldError id="email-error" text={fieldErrors.email} />
        </div>
        <div>
          <label htmlFor="password" className="mb-1 block text-sm font-medium">
            Password
          </label>
          <PasswordInput id="password" value={password} onChange={setPassword} autoComplete="new-password" />
          <FieldError id="password-error" text={fieldErrors.password} />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-brand-700 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          {busy ? 'Signing up...' : 'Sign Up'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Already have an account?{' '}
        <Link to={signIn} className="font-medium text-brand-700 underline">
          Sign In
        </Link>
      </p>
      <Alert
        alert={alert}
        onClose={() => {
          setAlert(null);
          if (done) navigate(signIn, { replace: true });
        }}
      />
    </AuthCard>
  );
}

type Field = 'fullname' | 'mobileno' | 'email' | 'password';
const FIELDS: Field[] = ['fullname', 'mobileno', 'email', 'password'];

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} data-testid={id} className="mt-1 text-sm text-red-700">
      {text}
    </p>
  );
}
