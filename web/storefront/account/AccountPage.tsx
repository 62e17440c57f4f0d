import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { addressShape, checkForeignAddress, HOME_COUNTRY } from '../../../contract/address-rules';
import { countryName } from '../../../contract/countries';
import { STATE_NAMES } from '../../../contract/gst-rules';
import { type Address, type AddressInput, accountApi } from '../../api/account';
import type { User } from '../../api/auth';
import { MY_DATA_URL, trustApi } from '../../api/trust';
import { SESSION_KEY, useSession } from '../../auth/session';
import { SignedInPage } from '../../cart/SignedIn';
import { Checkbox, Field, Input, invalidProps, Select, SubmitButton, Textarea, TextField } from '../../ui/form';
import { usePageTitle } from '../../ui/usePageTitle';
import { PasswordInput } from '../auth/PasswordInput';
import { COUNTRY_CHOICES } from '../components/countryChoices';
import { GRIEVANCES_KEY } from '../static/GrievanceForm';
import { indiaDateTime } from '../trust/format';
import { MARKETING_LABEL } from '../trust/marketing';
import { BusinessCard } from './BusinessCard';
import { hasQuotes, QuotesCard } from './QuotesCard';
import { hasStatement, StatementCard } from './StatementCard';
import { type Errors, type Outcome, problemsOf, useFormCall } from './useFormCall';

export const ADDRESSES_KEY = ['addresses'] as const;

const primaryButton =
  'rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60';
const secondaryButton =
  'rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60';

export default function AccountPage() {
  usePageTitle('My Account');
  return (
    <SignedInPage
      title="My Account"
      width="max-w-3xl"
      fallback={<div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-gray-100" />}
    >
      <Account />
    </SignedInPage>
  );
}

function Account() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <DetailsCard user={user} />
      <PasswordCard />
      <AddressesCard />
      <GrievancesCard />
      <BusinessCard />
      {hasStatement(user) ? <StatementCard /> : null}
      {hasQuotes(user) ? <QuotesCard user={user} /> : null}
      <DevicesCard />
      <YourDataCard />
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The cards that hold one form: their titles and submit buttons. */
const FORM_CARDS = {
  details: { title: 'Your details', submit: 'Save details', busy: 'Saving...' },
  password: { title: 'Change password', submit: 'Change password', busy: 'Changing...' },
};

/** A card holding one form: its fields, the outcome of the last try, and the submit button. */
function CardForm({
  card,
  call,
  onSubmit,
  children,
}: {
  card: keyof typeof FORM_CARDS;
  call: { outcome: Outcome; busy: boolean };
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  const { title, submit, busy } = FORM_CARDS[card];
  return (
    <Card id={`${card}-heading`} title={title}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <OutcomeLine outcome={call.outcome} testId={`${card}-outcome`} />
        <SubmitButton busy={call.busy} busyText={busy} className={primaryButton}>
          {submit}
        </SubmitButton>
      </form>
    </Card>
  );
}

function OutcomeLine({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.kind === 'ok' ? 'status' : 'alert'}
      data-testid={testId}
      className={`rounded-md px-3 py-2 text-sm ${outcome.kind === 'ok' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
    >
      {outcome.text}
    </p>
  );
}

// ---------------------------------------------------------------- name, e-mail, language
const DETAIL_FIELDS = [
  { name: 'fullname', label: 'Full Name', autoComplete: 'name' },
  {
    name: 'email',
    label: 'E-mail (optional)',
    type: 'email',
    autoComplete: 'email',
    hint: 'Order confirmations and updates are sent here too.',
  },
] as const;

function DetailsCard({ user }: { user: User }) {
  const qc = useQueryClient();
  const [details, setDetails] = useState({ fullname: user.fullname, email: user.email });
  const [language, setLanguage] = useState<'en' | 'hi'>(user.language);
  const [marketing, setMarketing] = useState(user.marketing);
  const call = useFormCall();
  const { errors, run } = call;

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      const res = await accountApi.editDetails({ ...details, language, marketing });
      qc.setQueryData(SESSION_KEY, res.user);
      setDetails({ fullname: res.user.fullname, email: res.user.email });
      return 'Your details have been saved.';
    });
  }

  return (
    <CardForm card="details" call={call} onSubmit={submit}>
      <p className="text-sm text-gray-700">
        Mobile No: <span className="font-medium tabular-nums">{user.mobileno}</span>
      </p>
      {DETAIL_FIELDS.map(({ name, ...field }) => (
        <TextField
          key={name}
          id={`account-${name}`}
          {...field}
          value={details[name]}
          onValue={(v) => setDetails((d) => ({ ...d, [name]: v }))}
          density="roomy"
          error={errors[name]}
        />
      ))}
      <Field id="account-language" label="Language of messages" error={errors.language}>
        <Select
          id="account-language"
          value={language}
          onChange={(e) => setLanguage(e.target.value === 'hi' ? 'hi' : 'en')}
          density="roomy"
        >
          <option value="en">English</option>
          <option value="hi">हिन्दी (Hindi)</option>
        </Select>
      </Field>
      <Checkbox label={MARKETING_LABEL} checked={marketing} onChange={setMarketing} name="marketing" />
    </CardForm>
  );
}

// ---------------------------------------------------------------- password
function PasswordCard() {
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const call = useFormCall();
  const { errors, setErrors, setOutcome, run } = call;

  function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Errors | null = !currentPassword
      ? { currentPassword: 'Current password is required to change the password' }
      : !password
        ? { password: 'Password is required' }
        : null;
    if (missing) {
      setErrors(missing);
      setOutcome(null);
      return;
    }
    void run(async () => {
      await accountApi.editDetails({ password, currentPassword });
      setCurrent('');
      setPassword('');
      return 'Your password has been changed. Your other devices have been signed out.';
    });
  }

  return (
    <CardForm card="password" call={call} onSubmit={submit}>
      <Field id="current-password" label="Current password" error={errors.currentPassword}>
        <PasswordInput id="current-password" value={currentPassword} onChange={setCurrent} autoComplete="current-password" />
      </Field>
      <Field id="new-password" label="New password" error={errors.password} hint="At least 8 characters.">
        <PasswordInput id="new-password" value={password} onChange={setPassword} autoComplete="new-password" />
      </Field>
    </CardForm>
  );
}

// ---------------------------------------------------------------- saved addresses
function AddressesCard() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: async () => (await accountApi.addresses()).addresses,
    staleTime: 0,
  });
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const keep = (list: Address[]) => qc.setQueryData(ADDRESSES_KEY, list);

  async function act(id: string, call: () => Promise<{ addresses: Address[] }>, done: string) {
    setBusyId(id);
    setOutcome(null);
    try {
      keep((await call()).addresses);
      setOutcome({ kind: 'ok', text: done });
    } catch (err) {
      setOutcome({ kind: 'error', text: problemsOf(err).text });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Card id="addresses-heading" title="Saved addresses">
      {query.isPending ? (
        <div aria-busy="true" className="h-24 animate-pulse rounded-lg bg-gray-100" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          Your addresses could not be loaded.
          <button type="button" className={secondaryButton} onClick={() => query.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <div className="space-y-4">
          {query.data.length === 0 && editing !== 'new' ? (
            <p className="text-sm text-gray-700">No saved addresses yet. Save one to check out faster.</p>
          ) : null}
          <ul className="space-y-3" aria-label="Your addresses">
            {query.data.map((a) =>
              editing !== 'new' && editing?._id === a._id ? (
                <li key={a._id}>
                  <AddressForm
                    initial={a}
                    onCancel={() => setEditing(null)}
                    onSaved={(list) => {
                      keep(list);
                      setEditing(null);
                      setOutcome({ kind: 'ok', text: 'Address saved.' });
                    }}
                  />
                </li>
              ) : (
                <li
                  key={a._id}
                  data-testid="address-card"
                  className={`rounded-lg border p-3 text-sm sm:p-4 ${a.isdefault ? 'border-brand-600 bg-brand-50/40' : 'border-gray-200'}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-gray-900">{a.label || a.fullname}</p>
                    {a.isdefault ? (
                      <span
                        data-testid="address-default"
                        className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white"
                      >
                        Default
                      </span>
                    ) : null}
                  </div>
                  <address className="mt-1 break-words text-gray-700 not-italic">
                    {a.label ? (
                      <>
                        {a.fullname}
                        <br />
                      </>
                    ) : null}
                    {a.address}
                    <br />
                    {a.city} {a.pincode}
                    {a.state ? `, ${a.state}` : ''}
                    {a.country && a.country !== HOME_COUNTRY ? (
                      <>
                        <br />
                        {countryName(a.country)}
                      </>
                    ) : null}
                    <br />
                    {a.country && a.country !== HOME_COUNTRY ? 'Phone' : 'Mobile'}: {a.mobileno}
                    {a.gstin ? (
                      <>
                        <br />
                        GSTIN: {a.gstin}
                      </>
                    ) : null}
                  </address>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button type="button" className={secondaryButton} onClick={() => setEditing(a)} disabled={busyId !== null}>
                      Edit
                    </button>
                    {a.isdefault ? null : (
                      <button
                        type="button"
                        className={secondaryButton}
                        disabled={busyId !== null}
                        onClick={() =>
                          act(a._id, () => accountApi.editAddress(a._id, { isdefault: true }), 'Default address changed.')
                        }
                      >
                        Set as default
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${secondaryButton} text-red-700`}
                      disabled={busyId !== null}
                      aria-label={`Delete ${a.label || a.fullname}, ${a.address}`}
                      onClick={() => {
                        if (window.confirm('Delete this address?')) {
                          void act(a._id, () => accountApi.deleteAddress(a._id), 'Address deleted.');
                        }
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <AddressForm
              onCancel={() => setEditing(null)}
              onSaved={(list) => {
                keep(list);
                setEditing(null);
                setOutcome({ kind: 'ok', text: 'Address saved.' });
              }}
            />
          ) : (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                setOutcome(null);
                setEditing('new');
              }}
            >
              Add an address
            </button>
          )}
          <OutcomeLine outcome={outcome} testId="addresses-outcome" />
        </div>
      )}
    </Card>
  );
}

const ADDRESS_FIELDS = [
  { name: 'label', label: 'Label (optional, e.g. Home)', autoComplete: 'off' },
  { name: 'fullname', label: 'Full Name', autoComplete: 'shipping name' },
  { name: 'mobileno', label: 'Mobile Number', autoComplete: 'shipping tel-national', inputMode: 'numeric' },
  { name: 'address', label: 'Address', autoComplete: 'shipping street-address' },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { name: 'pincode', label: 'PIN Code', autoComplete: 'shipping postal-code', inputMode: 'numeric' },
  { name: 'gstin', label: 'GSTIN (optional, for a business)', autoComplete: 'off' },
] as const;
type AddressTextField = (typeof ADDRESS_FIELDS)[number]['name'];

function AddressForm({
  initial,
  onCancel,
  onSaved,
}: {
  initial?: Address;
  onCancel: () => void;
  onSaved: (list: Address[]) => void;
}) {
  const [values, setValues] = useState<Record<AddressTextField, string> & { state: string; country: string }>(() => ({
    label: initial?.label ?? '',
    fullname: initial?.fullname ?? '',
    mobileno: initial?.mobileno ?? '',
    address: initial?.address ?? '',
    city: initial?.city ?? '',
    pincode: initial?.pincode ?? '',
    gstin: initial?.gstin ?? '',
    state: initial?.state ?? '',
    country: initial?.country || HOME_COUNTRY,
  }));
  const [isdefault, setDefault] = useState(initial?.isdefault ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = initial ? `address-${initial._id}` : 'address-new';
  const abroad = values.country !== HOME_COUNTRY;
  const shape = addressShape(values.country);
  /** What a field is called in the chosen country; abroad the GSTIN is not asked. */
  const labelOf = (name: AddressTextField, label: string) => {
    if (!abroad) return label;
    if (name === 'mobileno') return 'Phone Number (with country code)';
    if (name === 'pincode') return shape.postalRequired ? shape.postalLabel : `${shape.postalLabel} (optional)`;
    return label;
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem(null);
    if (abroad) {
      // The country's phone, postal code and region rules, checked here as the server checks them.
      const check = checkForeignAddress(values.country, { ...values, gstin: '' });
      if (Object.keys(check.fields).length) {
        setErrors(check.fields);
        setBusy(false);
        return;
      }
    }
    const body: AddressInput = { ...values, gstin: abroad ? '' : values.gstin, state: values.state || undefined, isdefault };
    try {
      const res = initial
        ? await accountApi.editAddress(initial._id, { ...body, state: values.state || undefined })
        : await accountApi.addAddress(body);
      onSaved(res.addresses);
    } catch (err) {
      const p = problemsOf(err);
      setErrors(p.fields);
      setProblem(p.text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={initial ? 'Edit address' : 'New address'}
      className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3 sm:p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id={`${prefix}-country`} label="Country" error={errors.country}>
            <Select
              id={`${prefix}-country`}
              value={values.country}
              autoComplete="shipping country"
              onChange={(e) => setValues((v) => ({ ...v, country: e.target.value, state: '' }))}
              density="roomy"
              {...invalidProps(`${prefix}-country`, errors.country)}
            >
              {COUNTRY_CHOICES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {ADDRESS_FIELDS.filter((f) => !(abroad && f.name === 'gstin')).map((f) => {
          const id = `${prefix}-${f.name}`;
          const wide = f.name === 'address' || f.name === 'fullname';
          return (
            <div key={f.name} className={wide ? 'sm:col-span-2' : undefined}>
              <Field id={id} label={labelOf(f.name, f.label)} error={errors[f.name]}>
                {f.name === 'address' ? (
                  <Textarea
                    id={id}
                    rows={2}
                    autoComplete={f.autoComplete}
                    value={values[f.name]}
                    onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                    density="roomy"
                    {...invalidProps(id, errors[f.name])}
                  />
                ) : (
                  <Input
                    id={id}
                    type={f.name === 'mobileno' ? 'tel' : 'text'}
                    inputMode={'inputMode' in f && !(abroad && f.name === 'pincode') ? f.inputMode : undefined}
                    autoComplete={f.autoComplete}
                    value={values[f.name]}
                    onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                    density="roomy"
                    {...invalidProps(id, errors[f.name])}
                  />
                )}
              </Field>
            </div>
          );
        })}
        {abroad ? (
          <Field
            id={`${prefix}-state`}
            label={shape.regionRequired ? 'State / Region' : 'State / Region (optional)'}
            error={errors.state}
          >
            <Input
              id={`${prefix}-state`}
              type="text"
              maxLength={100}
              autoComplete="shipping address-level1"
              value={values.state}
              onChange={(e) => setValues((v) => ({ ...v, state: e.target.value }))}
              density="roomy"
              {...invalidProps(`${prefix}-state`, errors.state)}
            />
          </Field>
        ) : (
          <Field id={`${prefix}-state`} label="State" error={errors.state} hint="Left blank, it is taken from the PIN code.">
            <Select
              id={`${prefix}-state`}
              value={values.state}
              onChange={(e) => setValues((v) => ({ ...v, state: e.target.value }))}
              density="roomy"
              {...invalidProps(`${prefix}-state`, errors.state)}
            >
              <option value="">From the PIN code</option>
              {STATE_NAMES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      <Checkbox label="Use as my default address" checked={isdefault} onChange={setDefault} />
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} busyText="Saving..." className={primaryButton}>
          Save address
        </SubmitButton>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------- other devices
// ---------------------------------------------------------------- grievances
function GrievancesCard() {
  const tickets = useQuery({ queryKey: GRIEVANCES_KEY, queryFn: trustApi.mine });
  return (
    <Card id="grievances-heading" title="My grievances">
      {tickets.isPending ? (
        <div aria-busy="true" className="h-16 animate-pulse rounded bg-gray-100" />
      ) : !tickets.data || tickets.data.tickets.length === 0 ? (
        <p className="text-sm text-gray-700">
          No grievances. To complain to our grievance officer, use the form on the{' '}
          <Link to="/contact" className="text-brand-700 underline">
            Contact
          </Link>{' '}
          page.
        </p>
      ) : (
        <ul className="space-y-4" data-testid="my-grievances">
          {tickets.data.tickets.map((t) => (
            <li key={t._id} className="rounded-md border border-gray-200 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold tabular-nums">{t.number}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${t.status === 'resolved' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
                >
                  {t.status === 'resolved' ? 'Resolved' : 'Open'}
                </span>
                {t.order ? <span className="text-gray-600">Order {t.order.number}</span> : null}
              </p>
              <p className="mt-1 font-medium text-gray-900">{t.subject}</p>
              <p className="text-xs text-gray-600">
                Filed {indiaDateTime(t.createdAt)} · resolved by {indiaDateTime(t.resolveby)}
              </p>
              {t.replies.map((r) => (
                <p key={r.createdAt} className="mt-2 border-l-2 border-brand-100 pl-2 text-gray-800">
                  <span className="block text-xs text-gray-500">Grievance officer, {indiaDateTime(r.createdAt)}</span>
                  {r.body}
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------- the buyer's data
function YourDataCard() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const { errors, outcome, busy, run } = useFormCall();

  function erase(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      const res = await trustApi.eraseAccount(password);
      // A whole new page, signed out (the answer ended the session): nothing of the account stays in memory. Told
      // in the app instead (session null, then navigate), the page guard could see no session before the move to /
      // had rendered and send the buyer to sign in again, back to this page.
      window.location.replace('/');
      return res.message;
    });
  }

  return (
    <Card id="data-heading" title="Your data">
      <p className="mb-4 text-sm text-gray-700">
        Download everything we hold about you, or delete your account. Orders and invoices are kept for 8 years as GST law
        requires, with your details as invoiced.
      </p>
      <div className="flex flex-wrap gap-3">
        <a href={MY_DATA_URL} download className={secondaryButton}>
          Download my data
        </a>
        {confirming ? null : (
          <button type="button" className={`${secondaryButton} text-red-700`} onClick={() => setConfirming(true)}>
            Delete my account
          </button>
        )}
      </div>
      {confirming ? (
        <form onSubmit={erase} noValidate className="mt-4 space-y-3" aria-label="Delete my account">
          <p className="text-sm text-red-800">
            This signs you out everywhere and erases your name, mobile number, e-mail and saved addresses. It cannot be undone.
          </p>
          <Field id="delete-password" label="Password" error={errors.password}>
            <PasswordInput id="delete-password" value={password} onChange={setPassword} autoComplete="current-password" />
          </Field>
          <OutcomeLine outcome={outcome?.kind === 'error' ? outcome : null} testId="delete-outcome" />
          <div className="flex gap-3">
            <SubmitButton
              busy={busy}
              busyText="Deleting..."
              className="rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-600 disabled:opacity-60"
            >
              Delete my account
            </SubmitButton>
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

function DevicesCard() {
  const { outcome, busy, run } = useFormCall();
  return (
    <Card id="devices-heading" title="Devices">
      <p className="mb-4 text-sm text-gray-700">
        Signed in on a phone or computer you no longer use? Sign out everywhere except here.
      </p>
      <button
        type="button"
        disabled={busy}
        className={secondaryButton}
        onClick={() => run(async () => `${(await accountApi.signOutOthers()).message}.`)}
      >
        {busy ? 'Signing out...' : 'Sign out of other devices'}
      </button>
      <div className="mt-3">
        <OutcomeLine outcome={outcome} testId="devices-outcome" />
      </div>
    </Card>
  );
}
