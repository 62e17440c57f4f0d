import { metalName } from '../../../contract/metals';
import { PRODUCTION_STAGE_NAMES, PRODUCTION_STAGES, stageIndex } from '../../../contract/production';
import type { Order } from '../../api/orders';

type Line = Order['products'][number];

/**
 * A made-to-order piece on My Orders: what it is (design, metal, ring size) and where it is in production, stage by
 * stage (docs/made-to-order.md); its HUID once hallmarked. Nothing for ready stock.
 */
export function PieceStage({ line, cancelled }: { line: Line; cancelled: boolean }) {
  const { setting, production } = line;
  if (!setting || !production) return null;
  const at = stageIndex(production.stage);
  return (
    <div className="mt-1 text-sm text-gray-700" data-testid="piece-stage">
      <p>
        Made to order: {setting.design.name}, {metalName(setting.metal)}
        {setting.size !== null ? `, ring size ${setting.size}` : ''}
      </p>
      {cancelled ? null : (
        <>
          <p className="mt-0.5 font-medium text-gray-900">
            {production.stage === 'ready'
              ? 'Ready: it ships with the rest of your order'
              : `Being made: ${PRODUCTION_STAGE_NAMES[production.stage].toLowerCase()} (step ${at + 1} of ${PRODUCTION_STAGES.length})`}
          </p>
          <ol className="mt-1 flex flex-wrap gap-1" aria-label="Making stages">
            {PRODUCTION_STAGES.map((s, i) => (
              <li
                key={s}
                aria-current={i === at ? 'step' : undefined}
                className={`rounded-full px-2 py-0.5 text-xs ${
                  i < at ? 'bg-green-100 text-green-800' : i === at ? 'bg-brand-700 text-white' : 'bg-gray-100 text-gray-600'
                }`}
              >
                {PRODUCTION_STAGE_NAMES[s]}
              </li>
            ))}
          </ol>
        </>
      )}
      {production.huid ? <p className="mt-1">Hallmark (HUID): {production.huid}</p> : null}
    </div>
  );
}
