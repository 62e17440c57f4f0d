import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth';
import { safeNext, signInPath } from '../../auth/returnTo';
import { SESSION_KEY } from '../../auth/session';
import { Alert, type AlertState } from '../../ui/Alert';
import { SubmitButton } from '../../ui/form';
import { AuthCard, AuthSwitch, authErrorText, authSubmitClass } from './AuthCard';
import { AuthField, MOBILE_FIELD } from './AuthField';
import { useCarryOn } from './carryOn';

/** The sign-in's answer for a number with no account: the code is good, a name makes the account. */
const isNeedsName = (err: unknown) => {
  const e = err as { status?: number; body?: { needsname?: unknown } };
  return e?.status === 404 && e.body?.needsname === true;
};

export function SignInPage() {
  const [mobileno, setMobile] = useState('');
  const [password, setPassword] = useState('');
  // Sign-in by a code sent by SMS instead of the password; a new number is then asked for its name.
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const [fullname, setFullname] = useState('');
  const [needsName, setNeedsName] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<AlertState>(null);
  const [next, setNext] = useState<string | null>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const back = safeNext(params.get('next'));
  // After a password reset the shopper is sent here with a word on what happened.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;

  // 'Success!' needs no tap: it shows, then the shopper is taken on.
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true }), 1200);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  const finishCartAction = useCarryOn(back);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await authApi.signIn(
        mode === 'code'
          ? { mobileno, code: code.trim(), ...(needsName && fullname.trim() ? { fullname: fullname.trim() } : {}) }
          : { mobileno, password },
      );
      qc.setQueryData(SESSION_KEY, res.user);
      void qc.invalidateQueries({ queryKey: ['cart'] });
      // An administrator signing in with nowhere else to go lands on the back-office.
      const destination = res.user.role === 'ADMIN' && !params.get('next') ? '/dashboard' : await finishCartAction();
      setAlert({ kind: 'success', title: 'Success!', text: res.message });
      setNext(destination);
    } catch (err) {
      if (mode === 'code' && isNeedsName(err)) {
        // A number with no account yet: the code stays good; the name makes the account.
        setNeedsName(true);
        setSent(authErrorText(err));
      } else {
        setAlert({ kind: 'error', title: 'Error!', text: authErrorText(err) });
      }
    } finally {
      setBusy(false);
    }
  }

  async function sendCode() {
    if (!mobileno.trim()) {
      setAlert({ kind: 'error', title: 'Error!', text: 'Enter your mobile number first.' });
      return;
    }
    setSending(true);
    try {
      const res = await authApi.sendCode(mobileno);
      setMode('code');
      setCode('');
      setSent(res.message);
    } catch (err) {
      setAlert({ kind: 'error', title: 'Error!', text: authErrorText(err) });
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title="Sign In">
      {typeof notice === 'string' && notice ? (
        <p role="status" data-testid="signin-notice" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <AuthField {...MOBILE_FIELD} value={mobileno} onChange={setMobile} />
        {mode === 'password' ? (
          <AuthField
            name="password"
            label="Password"
            password
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          >
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className="font-medium text-brand-700 underline">
                Forgot password?
              </Link>
            </p>
          </AuthField>
        ) : (
          <>
            {sent ? (
              <p role="status" data-testid="code-sent" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
                {sent}
              </p>
            ) : null}
            <AuthField
              name="code"
              label="Code from SMS"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              value={code}
              onChange={setCode}
            />
            {needsName ? (
              <AuthField name="fullname" label="Full Name" autoComplete="name" value={fullname} onChange={setFullname} />
            ) : null}
          </>
        )}
        <p className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            onClick={() => void sendCode()}
            disabled={sending || busy}
            className="font-medium text-brand-700 underline disabled:opacity-60"
          >
            {mode === 'code' ? 'Send a new code' : 'Get a code by SMS'}
          </button>
          {mode === 'code' ? (
            <button
              type="button"
              onClick={() => {
                setMode('password');
                setNeedsName(false);
                setSent(null);
              }}
              className="font-medium text-brand-700 underline"
            >
              Use my password
            </button>
          ) : null}
        </p>
        <SubmitButton busy={busy} busyText="Signing in..." className={authSubmitClass}>
          Sign In
        </SubmitButton>
      </form>
      <AuthSwitch text="Don't have an account?" to={signInPath(back, '/signup')} label="Sign Up" />
      <Alert
        alert={alert}
        onClose={() => {
          setAlert(null);
          if (next) navigate(next);
        }}
      />
    </AuthCard>
  );
}
