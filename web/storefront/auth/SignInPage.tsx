import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
import { SESSION_KEY } from '../../auth/session';
import { Alert, type AlertState } from '../../ui/Alert';
import { AuthCard, authErrorText, inputClass } from './AuthCard';
import { PasswordInput } from './PasswordInput';

export function SignInPage() {
  const [mobileno, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<AlertState>(null);
  const [next, setNext] = useState<string | null>(null);
  const navigate = useNavigate();
  const qc = useQueryClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await authApi.signIn({ mobileno, password });
      qc.setQueryData(SESSION_KEY, res.user);
      void qc.invalidateQueries({ queryKey: ['cart'] });
      setAlert({ kind: 'success', title: 'Success!', text: res.message });
      setNext('/');
    } catch (err) {
      setAlert({ kind: 'error', title: 'Error!', text: authErrorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign In">
      <form onSubmit={submit} className="space-y-4" noValidate>
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
          />
        </div>
        <div>
          <label htmlFor="password" className="mb-1 block text-sm font-medium">
            Password
          </label>
          <PasswordInput id="password" value={password} onChange={setPassword} autoComplete="current-password" />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-brand-700 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Don't have an account?{' '}
        <Link to="/signup" className="font-medium text-brand-700 underline">
          Sign Up
        </Link>
      </p>
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
