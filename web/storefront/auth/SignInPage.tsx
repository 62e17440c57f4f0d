import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth';
import { safeNext, signInPath } from '../../auth/returnTo';
import { SESSION_KEY } from '../../auth/session';
import { Alert, type AlertState } from '../../ui/Alert';
import { SubmitButton } from '../components/Field';
import { AuthCard, AuthSwitch, authErrorText, authSubmitClass } from './AuthCard';
import { AuthField, MOBILE_FIELD } from './AuthField';
import { useCarryOn } from './carryOn';

export function SignInPage() {
  const [mobileno, setMobile] = useState('');
  const [password, setPassword] = useState('');
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
      const res = await authApi.signIn({ mobileno, password });
      qc.setQueryData(SESSION_KEY, res.user);
      void qc.invalidateQueries({ queryKey: ['cart'] });
      // An administrator signing in with nowhere else to go lands on the back-office.
      const destination = res.user.role === 'ADMIN' && !params.get('next') ? '/dashboard' : await finishCartAction();
      setAlert({ kind: 'success', title: 'Success!', text: res.message });
      setNext(destination);
    } catch (err) {
      setAlert({ kind: 'error', title: 'Error!', text: authErrorText(err) });
    } finally {
      setBusy(false);
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
