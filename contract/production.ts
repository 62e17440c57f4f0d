/**
 * A made-to-order piece's production (docs/made-to-order.md), without a schema: the server, the back-office and My
 * Orders share these. The merchant moves a piece forward only, one stage or more at a time.
 */
export const PRODUCTION_STAGES = ['designing', 'casting', 'setting', 'polishing', 'hallmarking', 'ready'] as const;
export type ProductionStage = (typeof PRODUCTION_STAGES)[number];

/** How the buyer and the merchant read a stage. */
export const PRODUCTION_STAGE_NAMES: Record<ProductionStage, string> = {
  designing: 'Designing',
  casting: 'Casting',
  setting: 'Setting the stone',
  polishing: 'Polishing',
  hallmarking: 'Hallmarking',
  ready: 'Ready',
};

/** A BIS hallmark unique id: 6 letters and digits. Gold cannot be ready without one. */
export const HUID_PATTERN = /^[A-Z0-9]{6}$/;
export const HUID_MESSAGE = 'The HUID is 6 letters and digits, as stamped by the hallmarking centre';

/** A stage's place in the order of production (a piece is cancelled only while before casting). */
export const stageIndex = (stage: ProductionStage) => PRODUCTION_STAGES.indexOf(stage);
