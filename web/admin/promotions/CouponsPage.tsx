import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleStop, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminApi, type Coupon } from '../../api/admin';
import { errorText, fieldErrorsOf, formatDateTime, formatINR, indiaInputValue, instantFromIndiaInput } from '../format';
import { Button, IconButton } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { TextField } from '../ui/Field';
import { FormModal } from '../ui/FormModal';
import { LoadError, PageHeader } from '../ui/Page';
import { useAdminList } from '../ui/useAdminList';
import { StatusBadge } from './StatusBadge';

const KEY = ['admin', 'coupons'];
const DAY_MS = 86_400_000;

/** '' → null; otherwise the number typed (NaN when it is not one). */
const optionalNumber = (s: string) => (s.trim() === '' ? null : Number(s.trim()));
const wholeOrBlank = (s: string) => s.trim() === '' || /^\d+$/.test(s.trim());

function CouponModal({
  editing,
  onClose,
  onSaved,
  notifyError,
}: {
  editing: Coupon | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  notifyError: (text: string) => void;
}) {
  const now = Date.now();
  const [code, setCode] = useState(editing?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'amount'>(editing?.amountoff != null ? 'amount' : 'percent');
  const [value, setValue] = useState(
    editing ? String(editing.amountoff != null ? editing.amountoff : (editing.percentoff ?? '')) : '',
  );
  const [minorder, setMinorder] = useState(editing?.minorder ? String(editing.minorder) : '');
  const [maxuses, setMaxuses] = useState(editing?.maxuses != null ? String(editing.maxuses) : '');
  const [peruser, setPeruser] = useState(editing ? (editing.peruser != null ? String(editing.peruser) : '') : '1');
  const [startsAt, setStartsAt] = useState(indiaInputValue(editing?.startsAt ?? new Date(now)));
  const [endsAt, setEndsAt] = useState(indiaInputValue(editing?.endsAt ?? new Date(now + 30 * DAY_MS)));
  const [active, setActive] = useState(editing?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

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
    const start = instantFromIndiaInput(startsAt);
    const end = instantFromIndiaInput(endsAt);
    if (!start) found.startsAt = 'Enter when the coupon starts';
    if (!end) found.endsAt = 'Enter when the coupon ends';
    if (start && end && new Date(end) <= new Date(start)) found.endsAt = 'The end must be after the start';
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      code: upper,
      percentoff: kind === 'percent' ? n : null,
      amountoff: kind === 'amount' ? n : null,
      minorder: min ?? 0,
      maxuses: optionalNumber(maxuses),
      peruser: optionalNumber(peruser),
      startsAt: start,
      endsAt: end,
      active,
    };
    setSaving(true);
    try {
      if (editing) await adminApi.coupons.edit(editing._id, body);
      else await adminApi.coupons.create(body);
      onSaved(editing ? 'Coupon updated' : 'Coupon created');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) {
        setErrors(kind === 'amount' && fields.percentoff ? { ...fields, amountoff: fields.percentoff } : fields);
      } else notifyError(errorText(err, editing ? 'Failed to update the coupon' : 'Failed to create the coupon'));
    } finally {
      setSaving(false);
    }
  }

  const valueError = kind === 'percent' ? errors.percentoff : errors.amountoff;
  return (
    <FormModal
      formId="coupon-form"
      title={editing ? 'Edit Coupon' : 'Add Coupon'}
      size="lg"
      editing={editing !== null}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      className="space-y-4"
    >
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
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">Discount</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="coupon-kind"
              checked={kind === 'percent'}
              onChange={() => setKind('percent')}
              disabled={saving}
            />
            Percentage off
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="coupon-kind"
              checked={kind === 'amount'}
              onChange={() => setKind('amount')}
              disabled={saving}
            />
            Fixed amount off
          </label>
        </div>
      </fieldset>
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
        <TextField
          id="coupon-minorder"
          label="Minimum order (₹)"
          error={errors.minorder}
          hint="Compared with the cart at sale prices"
          inputMode="decimal"
          value={minorder}
          onChange={(e) => setMinorder(e.target.value)}
          placeholder="None"
          disabled={saving}
        />
        <TextField
          id="coupon-maxuses"
          label="Total uses"
          error={errors.maxuses}
          hint="Blank = no limit"
          inputMode="numeric"
          value={maxuses}
          onChange={(e) => setMaxuses(e.target.value)}
          placeholder="No limit"
          disabled={saving}
        />
        <TextField
          id="coupon-peruser"
          label="Uses per customer"
          error={errors.peruser}
          hint="Blank = no limit"
          inputMode="numeric"
          value={peruser}
          onChange={(e) => setPeruser(e.target.value)}
          placeholder="No limit"
          disabled={saving}
        />
        <TextField
          id="coupon-starts"
          label="Starts (India time)"
          required
          error={errors.startsAt}
          type="datetime-local"
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
          disabled={saving}
        />
        <TextField
          id="coupon-ends"
          label="Ends (India time)"
          required
          error={errors.endsAt}
          type="datetime-local"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
          disabled={saving}
        />
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
  const qc = useQueryClient();
  const { notify, removeRow, dialog, openModal, elements } = useAdminList<Coupon>();
  const [ending, setEnding] = useState<string | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: adminApi.coupons.all });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });
  const open = dialog(reload);
  const rows = list.data?.coupons ?? [];

  async function endNow(c: Coupon) {
    setEnding(c._id);
    try {
      await adminApi.coupons.edit(c._id, { endsAt: new Date().toISOString() });
      notify({ kind: 'success', title: 'Success!', text: `${c.code} has ended.` });
    } catch (err) {
      notify({ kind: 'error', title: 'Error!', text: errorText(err, 'Failed to end the coupon') });
    } finally {
      setEnding(null);
      await reload();
    }
  }

  return (
    <div>
      <PageHeader
        title="Coupons"
        subtitle="A use counts when its order is paid; a checkout waiting for payment holds one until its hold ends."
        actions={
          <Button onClick={() => openModal(null)}>
            <Plus aria-hidden className="size-4" /> Add Coupon
          </Button>
        }
      />
      <LoadError query={list}>{errorText(list.error, 'Failed to fetch coupons')}</LoadError>
      <DataTable
        caption="Coupons"
        loading={list.isPending}
        rows={rows}
        rowKey={(c) => c._id}
        empty='No coupons yet. Click "Add Coupon" to create one.'
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
        actions={(c) => (
          <>
            <IconButton label={`Edit ${c.code}`} tone="blue" onClick={() => openModal(c)}>
              <Pencil aria-hidden className="size-4" />
            </IconButton>
            {c.status === 'running' || c.status === 'used up' ? (
              <IconButton label={`End ${c.code} now`} disabled={ending === c._id} onClick={() => endNow(c)}>
                <CircleStop aria-hidden className="size-4" />
              </IconButton>
            ) : null}
            <IconButton
              label={`Delete ${c.code}`}
              tone="red"
              onClick={() =>
                removeRow({
                  remove: () => adminApi.coupons.remove(c._id),
                  deleted: 'The coupon has been deleted. Orders paid with it keep their discount.',
                  failed: (err) => ({ text: errorText(err, 'Failed to delete the coupon') }),
                  after: reload,
                })
              }
            >
              <Trash2 aria-hidden className="size-4" />
            </IconButton>
          </>
        )}
      />
      {open ? <CouponModal key={open.key} {...open.props} /> : null}
      {elements}
    </div>
  );
}
