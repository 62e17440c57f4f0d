import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { SubmitButton } from '../../ui/form';
import { usePageTitle } from '../../ui/usePageTitle';
import { AuthCard, AuthSwitch, authErrorText, authSubmitClass } from './AuthCard';
import { AuthField, MOBILE_FIELD } from './AuthField';

/** What the sign-in page shows after a reset (router state `{ notice }`). */
export type SignInNotice = { notice?: string };

type Errors = Partial<Record<'mobileno' | 'code' | 'password', string>>;

function fieldErrors(err: unknown): Errors {
  const out: Errors = {};
  if (!(err instanceof ApiError)) return out;
  for (const e of err.body?.errors ?? []) {
    const f = e.path.split('.')[0] as keyof Errors;
    if ((f === 'mobileno' || f === 'code' || f === 'password') && !out[f]) out[f] = e.message;
  }
  return out;
}

/**
 * Forgot password: the mobile number, then the 6-digit code sent by SMS and a new password. The shop answers
 * the same whether an account uses the number or not; after the change the shopper signs in again.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const navigate = useNavigate();
  const [step, setStep] = useState<'number' | 'code'>('number');
  const [mobileno, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function askForCode(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    setProblem(null);
    setErrors({});
    try {
      const res = await accountApi.forgotPassword(mobileno.trim());
      setSent(res.message);
      setCode('');
      setStep('code');
    } catch (err) {
      const f = fieldErrors(err);
      setErrors(f);
      setProblem(f.mobileno ?? authErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    setErrors({});
    try {
      const res = await accountApi.resetPassword({ mobileno: mobileno.trim(), code: code.trim(), password });
      navigate('/signin', { replace: true, state: { notice: res.message } satisfies SignInNotice });
    } catch (err) {
      const f = fieldErrors(err);
      setErrors(f);
      setProblem(f.code ?? f.password ?? f.mobileno ?? authErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot password">
      {step === 'number' ? (
        <form onSubmit={askForCode} className="space-y-4" noValidate>
          <p className="text-sm text-gray-700">Enter the mobile number of your account. We will send a 6-digit code by SMS.</p>
          <AuthField {...MOBILE_FIELD} value={mobileno} onChange={setMobile} error={errors.mobileno} />
          {problem && !errors.mobileno ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <SubmitButton busy={busy} busyText="Sending..." className={authSubmitClass}>
            Send code
          </SubmitButton>
        </form>
      ) : (
        <form onSubmit={reset} className="space-y-4" noValidate>
          {sent ? (
            <p role="status" data-testid="code-sent" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
              {sent}
            </p>
          ) : null}
          <AuthField
            name="code"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={setCode}
            error={errors.code}
          />
          <AuthField
            name="password"
            label="New password"
            password
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint="At least 8 characters."
          />
          {problem && !errors.code && !errors.password ? (
            <p role="alert" data-testid="reset-problem" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <SubmitButton busy={busy} busyText="Changing..." className={authSubmitClass}>
            Change password
          </SubmitButton>
          <p className="text-center text-sm text-gray-600">
            No code?{' '}
            <button type="button" disabled={busy} onClick={() => askForCode()} className="font-medium text-brand-700 underline">
              Send a new code
            </button>{' '}
            or{' '}
            <button type="button" onClick={() => setStep('number')} className="font-medium text-brand-700 underline">
              change the number
            </button>
          </p>
        </form>
      )}
      <AuthSwitch text="Remembered it?" to="/signin" label="Sign In" />
    </AuthCard>
  );
}
