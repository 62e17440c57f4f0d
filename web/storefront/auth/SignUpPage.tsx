import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
import { Alert, type AlertState } from '../../ui/Alert';
import { AuthCard, authErrorText, inputClass } from './AuthCard';
import { PasswordInput } from './PasswordInput';

export function SignUpPage() {
  const [fullname, setFullname] = useState('');
  const [mobileno, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<AlertState>(null);
  const [done, setDone] = useState(false);
  const navigate = useNavigate();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await authApi.signUp({ fullname, mobileno, password });
      setAlert({ kind: 'success', title: 'Success!', text: 'You have successfully signed up!' });
      setDone(true);
    } catch (err) {
      setAlert({ kind: 'error', title: 'Error!', text: authErrorText(err) });
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
          />
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
          />
        </div>
        <div>
          <label htmlFor="password" className="mb-1 block text-sm font-medium">
            Password
          </label>
          <PasswordInput id="password" value={password} onChange={setPassword} autoComplete="new-password" />
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
        <Link to="/signin" className="font-medium text-brand-700 underline">
          Sign In
        </Link>
      </p>
      <Alert
        alert={alert}
        onClose={() => {
          setAlert(null);
          if (done) navigate('/signin');
        }}
      />
    </AuthCard>
  );
}
