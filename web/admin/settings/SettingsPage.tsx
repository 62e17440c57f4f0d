import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { gstinError, gstinState, STATE_NAMES } from '../../../contract/gst-rules';
import { type AdminSettings, adminApi, type SettingsBody } from '../../api/admin';
import { Button, Field, SelectField, Textarea, TextField } from '../../ui/form';
import { errorText, fieldErrorsOf, formatDateTime } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';
import { NoGstinWarning } from './NoGstinWarning';

const KEY = ['admin', 'settings'];

type Form = {
  shopname: string;
  legalname: string;
  gstin: string;
  address: string;
  state: string;
  invoiceprefix: string;
  supportphone: string;
  supportemail: string;
  trademinorder: string;
  rattiincarats: string;
  officername: string;
  officerdesignation: string;
  officeremail: string;
  officerphone: string;
  iec: string;
  lutarn: string;
  lutfrom: string;
  lutto: string;
  city: string;
  pincode: string;
};
type Errors = Partial<Record<keyof Form | 'einvoice', string>>;

const formOf = (s: AdminSettings): Form => ({
  shopname: s.shopname,
  legalname: s.legalname,
  gstin: s.gstin,
  address: s.address,
  state: s.state,
  invoiceprefix: s.invoiceprefix,
  supportphone: s.supportphone,
  supportemail: s.supportemail,
  trademinorder: String(s.trademinorder),
  rattiincarats: String(s.rattiincarats),
  officername: s.grievanceofficer.name,
  officerdesignation: s.grievanceofficer.designation,
  officeremail: s.grievanceofficer.email,
  officerphone: s.grievanceofficer.phone,
  iec: s.iec,
  lutarn: s.lut?.arn ?? '',
  lutfrom: s.lut?.validfrom ?? '',
  lutto: s.lut?.validto ?? '',
  city: s.city,
  pincode: s.pincode,
});

/** The LUT as typed: null when every field is empty. */
const lutOf = (f: Form) =>
  f.lutarn.trim() || f.lutfrom || f.lutto ? { arn: f.lutarn.trim().toUpperCase(), validfrom: f.lutfrom, validto: f.lutto } : null;

/** What is wrong with the GSTIN as typed (format, state code, check digit, or not of the shop's state); '' when fine. */
export function gstinProblem(gstin: string, state: string): string {
  const g = gstin.trim().toUpperCase();
  if (!g) return '';
  const error = gstinError(g);
  if (error) return error;
  const registered = gstinState(g);
  return registered && registered !== state
    ? `This GSTIN is registered in ${registered}, not in ${state}: its state code does not match`
    : '';
}

/** Checks in the browser what the server checks too, so most mistakes show before saving. */
function validate(f: Form): Errors {
  const e: Errors = {};
  if (!f.shopname.trim()) e.shopname = 'Shop name is required';
  if (!f.legalname.trim()) e.legalname = 'Legal name is required';
  if (!f.address.trim()) e.address = 'Address is required';
  if (!STATE_NAMES.includes(f.state as (typeof STATE_NAMES)[number])) e.state = 'Select a state';
  const gstin = gstinProblem(f.gstin, f.state);
  if (gstin) e.gstin = gstin;
  if (!/^[A-Z]{1,6}$/.test(f.invoiceprefix.trim())) e.invoiceprefix = 'Invoice prefix must be 1 to 6 capital letters (A–Z)';
  if (!/^\+?[0-9 ()-]{6,30}$/.test(f.supportphone.trim())) e.supportphone = 'Enter a valid phone number';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.supportemail.trim())) e.supportemail = 'Enter a valid e-mail address';
  if (!/^\d+(\.\d{1,2})?$/.test(f.trademinorder.trim())) e.trademinorder = 'Enter an amount in rupees (at most 2 decimals)';
  const ratti = f.rattiincarats.trim();
  if (!/^\d(\.\d{1,3})?$/.test(ratti) || Number(ratti) < 0.5 || Number(ratti) > 1.2)
    e.rattiincarats = 'Carats per ratti must be from 0.5 to 1.2 (at most 3 decimals)';
  if (f.officeremail.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.officeremail.trim()))
    e.officeremail = 'Enter a valid e-mail address';
  if (f.officerphone.trim() && !/^\+?[0-9 ()-]{6,30}$/.test(f.officerphone.trim())) e.officerphone = 'Enter a valid phone number';
  if (f.iec.trim() && !/^[A-Z0-9]{10}$/i.test(f.iec.trim())) e.iec = 'The IEC (Importer-Exporter Code) is 10 letters and digits';
  const lut = lutOf(f);
  if (lut) {
    if (!/^[A-Z0-9]{15}$/.test(lut.arn)) e.lutarn = 'The LUT’s ARN is 15 letters and digits';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(lut.validfrom)) e.lutfrom = 'Valid from must be a date (YYYY-MM-DD)';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(lut.validto)) e.lutto = 'Valid to must be a date (YYYY-MM-DD)';
    else if (!e.lutfrom && lut.validto < lut.validfrom)
      e.lutto = 'The LUT’s valid-to date must not be before its valid-from date';
  }
  const city = f.city.trim();
  if (city && (city.length < 3 || city.length > 50)) e.city = 'City must be 3 to 50 characters';
  if (f.pincode.trim() && !/^[1-9][0-9]{5}$/.test(f.pincode.trim())) e.pincode = 'Enter the 6-digit PIN code';
  return e;
}

/** The fields that differ from what is saved (the server changes only the fields given). */
function changes(f: Form, saved: AdminSettings): SettingsBody {
  const body: SettingsBody = {};
  const text = ['shopname', 'legalname', 'address', 'state', 'supportphone', 'supportemail'] as const;
  for (const k of text) if (f[k].trim() !== saved[k]) body[k] = f[k].trim();
  if (f.gstin.trim().toUpperCase() !== saved.gstin) body.gstin = f.gstin.trim().toUpperCase();
  if (f.invoiceprefix.trim() !== saved.invoiceprefix) body.invoiceprefix = f.invoiceprefix.trim();
  if (Number(f.trademinorder) !== saved.trademinorder) body.trademinorder = Number(f.trademinorder);
  if (Number(f.rattiincarats) !== saved.rattiincarats) body.rattiincarats = Number(f.rattiincarats);
  const officer = {
    name: f.officername.trim(),
    designation: f.officerdesignation.trim(),
    email: f.officeremail.trim().toLowerCase(),
    phone: f.officerphone.trim(),
  };
  const was = saved.grievanceofficer;
  if (
    officer.name !== was.name ||
    officer.designation !== was.designation ||
    officer.email !== was.email ||
    officer.phone !== was.phone
  )
    body.grievanceofficer = officer;
  if (f.iec.trim().toUpperCase() !== saved.iec) body.iec = f.iec.trim().toUpperCase();
  const lut = lutOf(f);
  if (JSON.stringify(lut) !== JSON.stringify(saved.lut)) body.lut = lut;
  if (f.city.trim() !== saved.city) body.city = f.city.trim();
  if (f.pincode.trim() !== saved.pincode) body.pincode = f.pincode.trim();
  return body;
}

const STATES = STATE_NAMES.map((s) => ({ value: s, label: s }));

/** The fields shown in the shop. */
const SHOP_FIELDS = [
  { key: 'supportphone', label: 'Support phone', type: 'tel', maxLength: 30 },
  { key: 'supportemail', label: 'Support e-mail', type: 'email', maxLength: 200 },
  {
    key: 'trademinorder',
    label: 'Minimum trade order (₹)',
    hint: 'An approved business’s order must come to this at trade prices, before shipping. 0 = no minimum.',
    inputMode: 'decimal',
  },
  {
    key: 'rattiincarats',
    label: 'Carats per ratti',
    hint: 'Product pages show ratti beside carat with it. 0.91 is the standard (pakki) ratti of 182 mg, as weighed in Punjab; the kachi (sunari) ratti of about 121 mg is 0.61.',
    inputMode: 'decimal',
  },
] as const;

function SettingsForm({ saved }: { saved: AdminSettings }) {
  const qc = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(saved));
  const [einvoice, setEinvoice] = useState(saved.einvoice);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    const value = ['invoiceprefix', 'gstin', 'iec', 'lutarn'].includes(k) ? e.target.value.toUpperCase() : e.target.value;
    setForm((f) => ({ ...f, [k]: value }));
    setErrors((old) => ({ ...old, [k]: undefined }));
  };
  /** A field's id, value, change and error. */
  const bind = (k: keyof Form) => ({ id: k, value: form[k], onChange: set(k), error: errors[k] });
  // The GSTIN is checked as it is typed (once it is whole), next to the field.
  const gstinLive = form.gstin.trim().length >= 15 ? gstinProblem(form.gstin, form.state) : '';
  const gstinMessage = errors.gstin ?? (gstinLive || undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = changes(form, saved);
    if (einvoice !== saved.einvoice) body.einvoice = einvoice;
    if (Object.keys(body).length === 0) {
      notice.info('Nothing to save: the settings are as shown');
      return;
    }
    setBusy(true);
    try {
      const res = await adminApi.settings.save(body);
      qc.setQueryData(KEY, { success: true, settings: res.settings });
      // The storefront's header and footer read the public part.
      void qc.invalidateQueries({ queryKey: ['settings'] });
      setForm(formOf(res.settings));
      setEinvoice(res.settings.einvoice);
      notice.success(res.message || 'Settings saved');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const LUT_FIELDS: Record<string, keyof Form> = { 'lut.arn': 'lutarn', 'lut.validfrom': 'lutfrom', 'lut.validto': 'lutto' };
      const officerField = (k: string) =>
        LUT_FIELDS[k] ?? (k.startsWith('grievanceofficer.') ? `officer${k.slice('grievanceofficer.'.length)}` : k);
      const mine = Object.fromEntries(
        Object.entries(fields)
          .map(([k, v]) => [officerField(k), v])
          .filter(([k]) => (k as string) in form || k === 'einvoice'),
      ) as Errors;
      setErrors(mine);
      notice.error(errorText(err, 'The settings could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Shop settings">
      <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-gray-900">Seller on the tax invoice</legend>
        <TextField {...bind('shopname')} label="Shop name" required maxLength={100} />
        <TextField {...bind('legalname')} label="Legal name" required maxLength={200} />
        <TextField
          {...bind('gstin')}
          label="GSTIN"
          error={gstinMessage}
          hint={gstinMessage ? undefined : '15 characters; its first two digits are the state code of the registration'}
          maxLength={15}
          autoComplete="off"
          spellCheck={false}
          placeholder="03ABCDE1234F1Z5"
        />
        <SelectField
          {...bind('state')}
          label="State"
          required
          blank={STATE_NAMES.includes(form.state as (typeof STATE_NAMES)[number]) ? undefined : 'Select a state'}
          options={STATES}
        />
        <Field id="address" label="Registered address" required error={errors.address} className="sm:col-span-2">
          <Textarea id="address" rows={3} value={form.address} onChange={set('address')} error={errors.address} maxLength={500} />
        </Field>
        <TextField
          {...bind('invoiceprefix')}
          label="Invoice prefix"
          required
          hint={errors.invoiceprefix ? undefined : `Invoices read ${form.invoiceprefix || 'RG'}/yy-yy/000001`}
          maxLength={6}
          autoComplete="off"
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-gray-900">Shown in the shop</legend>
        {SHOP_FIELDS.map(({ key, ...field }) => (
          <TextField key={key} {...bind(key)} {...field} required />
        ))}
        <p className="text-sm text-gray-600 sm:col-span-2">
          Where shipping is free, and from what amount, is set on each rate of the{' '}
          <Link to="/dashboard/shipping" className="font-medium underline">
            Shipping zones
          </Link>
          : the shop promises free shipping only where they make it true.
        </p>
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-gray-900">Grievance officer</legend>
        <p className="text-sm text-gray-600 sm:col-span-2">
          Shown in the footer and on the Contact page with the legal name and address, as the Consumer Protection (E-Commerce)
          Rules, 2020 require.
        </p>
        <TextField {...bind('officername')} label="Officer’s name" maxLength={100} />
        <TextField {...bind('officerdesignation')} label="Designation" maxLength={100} />
        <TextField {...bind('officeremail')} label="Officer’s e-mail" type="email" maxLength={200} />
        <TextField {...bind('officerphone')} label="Officer’s phone" type="tel" maxLength={30} />
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-gray-900">Exports</legend>
        <p className="text-sm text-gray-600 sm:col-span-2">
          Printed on the export invoice of an order shipped abroad. Under a Letter of Undertaking valid on the invoice date the
          export is zero-rated; without one, IGST is paid.
        </p>
        <TextField {...bind('iec')} label="IEC (Importer-Exporter Code)" maxLength={10} autoComplete="off" spellCheck={false} />
        <TextField {...bind('lutarn')} label="LUT ARN" maxLength={15} autoComplete="off" spellCheck={false} />
        <TextField {...bind('lutfrom')} label="LUT valid from" type="date" />
        <TextField {...bind('lutto')} label="LUT valid to" type="date" />
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-gray-900">E-invoices</legend>
        <p className="text-sm text-gray-600 sm:col-span-2">
          Past ₹5 crore turnover, invoices and credit notes for buyers with a GSTIN, and exports, are registered with the IRP:
          their PDFs carry the IRN and the signed QR code. Needs the city and PIN code, and 6-digit HSN codes on the Tax screen.
        </p>
        <TextField {...bind('city')} label="City" maxLength={50} autoComplete="address-level2" />
        <TextField {...bind('pincode')} label="PIN code" inputMode="numeric" maxLength={6} autoComplete="postal-code" />
        <div className="sm:col-span-2">
          <label className="flex items-center gap-2 text-sm font-medium text-gray-800" htmlFor="einvoice">
            <input
              id="einvoice"
              type="checkbox"
              checked={einvoice}
              onChange={(e) => {
                setEinvoice(e.target.checked);
                setErrors((old) => ({ ...old, einvoice: undefined }));
              }}
              className="size-4 rounded border-gray-300 text-brand-700 focus:ring-brand-500"
              aria-describedby={errors.einvoice ? 'einvoice-error' : undefined}
            />
            Register invoices with the IRP (e-invoices)
          </label>
          {errors.einvoice ? (
            <p id="einvoice-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.einvoice}
            </p>
          ) : null}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </Button>
        <p className="text-xs text-gray-500">Last saved {formatDateTime(saved.updatedAt)}</p>
      </div>
    </form>
  );
}

/** The shop's settings: the seller's details printed on tax invoices, and the contacts the storefront shows. */
export default function SettingsPage() {
  const query = useQuery({ queryKey: KEY, queryFn: adminApi.settings.get });
  const saved = query.data?.settings;
  return (
    <div>
      <PageHeader title="Settings" subtitle="The seller’s details on tax invoices, and the contacts shown in the shop." />
      <NoGstinWarning />
      <LoadError query={query}>{errorText(query.error, 'Failed to fetch the settings')}</LoadError>
      {saved ? (
        <SettingsForm key={saved.updatedAt} saved={saved} />
      ) : query.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading settings" className="h-96 animate-pulse rounded-xl bg-gray-100" />
      ) : null}
    </div>
  );
}
