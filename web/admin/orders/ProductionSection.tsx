import { type FormEvent, useState } from 'react';
import { metalName } from '../../../contract/metals';
import {
  HUID_MESSAGE,
  HUID_PATTERN,
  PRODUCTION_STAGE_NAMES,
  PRODUCTION_STAGES,
  type ProductionStage,
  stageIndex,
} from '../../../contract/production';
import { type AdminOrder, adminApi } from '../../api/admin';
import { Button } from '../../ui/form';
import type { Run } from './CreditPayments';

type Line = AdminOrder['products'][number];

/**
 * The order's made-to-order pieces in production (docs/made-to-order.md): each piece's stage, and a form moving it
 * forward (one stage or more; gold needs its HUID to be ready). Nothing for an order of ready stock.
 */
export function ProductionSection({ order, run }: { order: AdminOrder; run: Run }) {
  const pieces = order.products.filter((l) => l.setting && l.production);
  if (pieces.length === 0) return null;
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="production-section"
      aria-label="Production"
    >
      <h2 className="mb-3 text-base font-semibold text-gray-900">Production</h2>
      <ul className="space-y-4">
        {pieces.map((l) => (
          <PieceProduction key={l._id} order={order} line={l} run={run} />
        ))}
      </ul>
      <p className="mt-3 text-xs text-gray-500">
        The order ships once every piece is ready. The buyer can cancel only until casting begins.
      </p>
    </section>
  );
}

function PieceProduction({ order, line, run }: { order: AdminOrder; line: Line; run: Run }) {
  const setting = line.setting;
  const production = line.production;
  const current = production?.stage ?? 'designing';
  const later = PRODUCTION_STAGES.filter((s) => stageIndex(s) > stageIndex(current));
  const [stage, setStage] = useState<ProductionStage | ''>(later[0] ?? '');
  const [huid, setHuid] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  if (!setting || !production) return null;
  const gold = setting.metal.startsWith('gold-');
  const chosen = stage && later.includes(stage) ? stage : (later[0] ?? '');
  const asksHuid = gold && !production.huid && chosen !== '' && stageIndex(chosen) >= stageIndex('hallmarking');
  const id = `production-${line._id}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    const typed = huid.trim().toUpperCase();
    if (typed && !HUID_PATTERN.test(typed)) {
      setError(HUID_MESSAGE);
      return;
    }
    if (asksHuid && chosen === 'ready' && !typed) {
      setError('A gold piece needs its HUID before it is ready');
      return;
    }
    setError('');
    try {
      const ok = await run(
        {
          title: `Move to ${PRODUCTION_STAGE_NAMES[chosen].toLowerCase()}?`,
          text:
            chosen === 'ready'
              ? 'The buyer is told the piece is ready. A piece moves forward only.'
              : 'A piece moves forward only; once casting begins the buyer can no longer cancel.',
          confirmLabel: 'Yes, move it',
        },
        () =>
          adminApi.orders.production(order._id, line._id, {
            stage: chosen,
            ...(typed ? { huid: typed } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          }),
        'Production updated',
      );
      if (ok) {
        setHuid('');
        setNote('');
        setStage('');
      }
    } catch {
      // shown by the notice
    }
  }

  return (
    <li className="text-sm" data-testid="production-piece">
      <p className="font-medium text-gray-900">
        {line.productname} in the {setting.design.name}, {metalName(setting.metal)}
        {setting.size !== null ? `, ring size ${setting.size}` : ''}
      </p>
      <ol className="mt-2 flex flex-wrap gap-1" aria-label="Stages">
        {PRODUCTION_STAGES.map((s) => (
          <li
            key={s}
            aria-current={s === current ? 'step' : undefined}
            className={`rounded-full px-2 py-0.5 text-xs ${
              stageIndex(s) < stageIndex(current)
                ? 'bg-green-100 text-green-800'
                : s === current
                  ? 'bg-brand-700 font-semibold text-white'
                  : 'bg-gray-100 text-gray-600'
            }`}
          >
            {PRODUCTION_STAGE_NAMES[s]}
          </li>
        ))}
      </ol>
      {production.huid ? <p className="mt-1 text-gray-700">HUID: {production.huid}</p> : null}
      {later.length > 0 && order.deliverystatus !== 'cancelled' ? (
        <form onSubmit={submit} className="mt-2 grid gap-2 sm:grid-cols-3" noValidate>
          <label className="text-sm text-gray-800" htmlFor={`${id}-stage`}>
            Move to
            <select
              id={`${id}-stage`}
              className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-1.5"
              value={chosen}
              onChange={(e) => setStage(e.target.value as ProductionStage)}
            >
              {later.map((s) => (
                <option key={s} value={s}>
                  {PRODUCTION_STAGE_NAMES[s]}
                </option>
              ))}
            </select>
          </label>
          {asksHuid ? (
            <label className="text-sm text-gray-800" htmlFor={`${id}-huid`}>
              HUID
              <input
                id={`${id}-huid`}
                className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-1.5 uppercase"
                maxLength={6}
                value={huid}
                onChange={(e) => setHuid(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </label>
          ) : null}
          <label className="text-sm text-gray-800" htmlFor={`${id}-note`}>
            Note (optional)
            <input
              id={`${id}-note`}
              className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-1.5"
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          {error ? (
            <p id={`${id}-error`} className="text-sm text-red-600 sm:col-span-3" role="alert">
              {error}
            </p>
          ) : null}
          <div className="sm:col-span-3">
            <Button type="submit" variant="secondary">
              Move to {PRODUCTION_STAGE_NAMES[chosen || 'ready'].toLowerCase()}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
