import { type FormEvent, useState } from 'react';
import { adminApi, type Coupon } from '../../api/admin';
import { RadioGroup, TextField } from '../../ui/form';
import { formatDateTime, formatINR } from '../format';
import { FormModal, useDialogSave } from '../ui/FormModal';
import type { ListDialogProps } from '../ui/useAdminList';
import { PeriodFields, usePeriod } from './Period';
import { PromotionList } from './PromotionList';
import { StatusBadge } from './StatusBadge';

/** '' → null; otherwise the number typed (NaN when it is not one). */
const optionalNumber = (s: string) => (s.trim() === '' ? null : Number(s.trim()));
const wholeOrBlank = (s: string) => s.trim() === '' || /^\d+$/.test(s.trim());

type Limit = 'minorder' | 'maxuses' | 'peruser';
const LIMITS = [
  {
    key: 'minorder',
    label: 'Minimum order (₹)',
    hint: 'Compared with the cart at sale prices',
    inputMode: 'decimal',
    placeholder: 'None',
  },
  { key: 'maxuses', label: 'Total uses', hint: 'Blank = no limit', inputMode: 'numeric', placeholder: 'No limit' },
  { key: 'peruser', label: 'Uses per customer', hint: 'Blank = no limit', inputMode: 'numeric', placeholder: 'No limit' },
] as const satisfies readonly { key: Limit; label: string; hint: string; inputMode: string; placeholder: string }[];

function CouponModal(dialog: ListDialogProps<Coupon>) {
  const { editing } = dialog;
  const [code, setCode] = useState(editing?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'amount'>(editing?.amountoff != null ? 'amount' : 'percent');
  const [value, setValue] = useState(
    editing ? String(editing.amountoff != null ? editing.amountoff : (editing.percentoff ?? '')) : '',
  );
  const [limits, setLimits] = useState<Record<Limit, string>>({
    minorder: editing?.minorder ? String(editing.minorder) : '',
    maxuses: editing?.maxuses != null ? String(editing.maxuses) : '',
    peruser: editing ? (editing.peruser != null ? String(editing.peruser) : '') : '1',
  });
  const { minorder, maxuses, peruser } = limits;
  const period = usePeriod('coupon', editing, 30);
  const [active, setActive] = useState(editing?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save, form: modal } = useDialogSave(dialog, 'Coupon');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    const upper = code.trim().toUpperCase();
    if (!/^[A-Z0-9]{4,20}$/.test(upper)) found.code = 'A code is 4 to 20 letters A–Z and digits';
    const n = Number(value.trim());
    if (kind === 'percent' && (!/^\d+$/.test(value.trim()) || n < 1 || n > 100)) {
      found.percentoff = 'Enter a whole percentage from 1 to 100';
    }
    if (kind === 'amount' && (!value.trim() || !(n > 0) || !/^\d+(\.\d{1,2})?$/.test(value.trim()))) {
      found.amountoff = 'Enter the amount off in rupees (at most 2 decimals)';
    }
    const min = optionalNumber(minorder);
    if (min !== null && !(min >= 0)) found.minorder = 'The minimum order must be an amount in rupees';
    if (!wholeOrBlank(maxuses) || maxuses.trim() === '0') found.maxuses = 'Total uses must be a whole number of at least 1';
    if (!wholeOrBlank(peruser) || peruser.trim() === '0')
      found.peruser = 'Uses per customer must be a whole number of at least 1';
    const when = period.check(found);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      code: upper,
      percentoff: kind === 'percent' ? n : null,
      amountoff: kind === 'amount' ? n : null,
      minorder: min ?? 0,
      maxuses: optionalNumber(maxuses),
      peruser: optionalNumber(peruser),
      ...when,
      active,
    };
    await save(
      () => (editing ? adminApi.coupons.edit(editing._id, body) : adminApi.coupons.create(body)),
      {
        saved: editing ? 'Coupon updated' : 'Coupon created',
        failed: editing ? 'Failed to update the coupon' : 'Failed to create the coupon',
      },
      (fields) => {
        if (Object.keys(fields).length) {
          setErrors(kind === 'amount' && fields.percentoff ? { ...fields, amountoff: fields.percentoff } : fields);
        }
        return Object.keys(fields).length > 0;
      },
    );
  }

  const valueError = kind === 'percent' ? errors.percentoff : errors.amountoff;
  return (
    <FormModal {...modal} size="lg" onSubmit={submit} className="space-y-4">
      <TextField
        id="coupon-code"
        label="Code"
        required
        error={errors.code}
        hint="4 to 20 letters and digits; shoppers may type it in any case"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        maxLength={20}
        placeholder="e.g. DIWALI500"
        autoCapitalize="characters"
        disabled={saving}
        autoFocus
      />
      <RadioGroup
        legend="Discount"
        name="coupon-kind"
        value={kind}
        options={[
          ['percent', 'Percentage off'],
          ['amount', 'Fixed amount off'],
        ]}
        onChange={setKind}
        disabled={saving}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="coupon-value"
          label={kind === 'percent' ? 'Percent off' : 'Amount off (₹)'}
          required
          error={valueError}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={kind === 'percent' ? '1–100' : 'e.g. 500'}
          disabled={saving}
        />
        {LIMITS.map(({ key, ...field }) => (
          <TextField
            key={key}
            id={`coupon-${key}`}
            {...field}
            error={errors[key]}
            value={limits[key]}
            onChange={(e) => setLimits((l) => ({ ...l, [key]: e.target.value }))}
            disabled={saving}
          />
        ))}
        <PeriodFields period={period} errors={errors} disabled={saving} />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} disabled={saving} />
        On (shoppers can use it between these dates)
      </label>
    </FormModal>
  );
}

const discountText = (c: Coupon) => (c.percentoff != null ? `${c.percentoff}%` : formatINR(c.amountoff ?? 0));

/** The back-office's coupons: codes, their limits and dates, and what each has brought in. */
export default function CouponsPage() {
  return (
    <PromotionList
      noun="coupon"
      subtitle="A use counts when its order is paid; a checkout waiting for payment holds one until its hold ends."
      api={adminApi.coupons}
      rowsOf={(data) => data.coupons}
      name={(c) => c.code}
      canEnd={(c) => c.status === 'running' || c.status === 'used up'}
      deleted="The coupon has been deleted. Orders paid with it keep their discount."
      columns={[
        { header: 'Code', cell: (c) => <span className="font-mono font-medium">{c.code}</span> },
        { header: 'Off', cell: discountText },
        { header: 'Min. order', cell: (c) => (c.minorder ? formatINR(c.minorder) : '—') },
        {
          header: 'Uses',
          cell: (c) => (
            <span>
              {c.uses}
              {c.maxuses != null ? ` of ${c.maxuses}` : ''}
              {c.reserved ? <span className="text-gray-500"> (+{c.reserved} held)</span> : null}
            </span>
          ),
        },
        { header: 'Per customer', cell: (c) => (c.peruser != null ? String(c.peruser) : 'No limit') },
        { header: 'Revenue', cell: (c) => formatINR(c.revenue) },
        {
          header: 'Valid',
          cell: (c) => (
            <span className="text-xs">
              {formatDateTime(c.startsAt)} – {formatDateTime(c.endsAt)}
            </span>
          ),
        },
        { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
      ]}
      dialog={CouponModal}
    />
  );
}
