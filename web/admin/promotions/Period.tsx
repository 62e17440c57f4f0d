import { useState } from 'react';
import { TextField } from '../../ui/form';
import { indiaInputValue, instantFromIndiaInput } from '../format';

const DAY_MS = 86_400_000;
const ENDS = [
  { key: 'startsAt', id: 'starts', label: 'Starts (India time)' },
  { key: 'endsAt', id: 'ends', label: 'Ends (India time)' },
] as const;

type Period = { startsAt: string; endsAt: string };

/**
 * When a sale or coupon runs, as typed in India time (a new one: from now, for `days` days). `check` gives the
 * instants to send and puts what is wrong with them into `found`.
 */
export function usePeriod(noun: 'sale' | 'coupon', editing: Period | null, days: number) {
  const [typed, setTyped] = useState<Period>(() => {
    const now = Date.now();
    return {
      startsAt: indiaInputValue(editing?.startsAt ?? new Date(now)),
      endsAt: indiaInputValue(editing?.endsAt ?? new Date(now + days * DAY_MS)),
    };
  });
  return {
    noun,
    typed,
    set: (key: keyof Period, value: string) => setTyped((p) => ({ ...p, [key]: value })),
    check(found: Record<string, string>): Period {
      const startsAt = instantFromIndiaInput(typed.startsAt);
      const endsAt = instantFromIndiaInput(typed.endsAt);
      if (!startsAt) found.startsAt = `Enter when the ${noun} starts`;
      if (!endsAt) found.endsAt = `Enter when the ${noun} ends`;
      if (startsAt && endsAt && new Date(endsAt) <= new Date(startsAt)) found.endsAt = 'The end must be after the start';
      return { startsAt, endsAt };
    },
  };
}

/** The start and end fields of a sale or coupon. */
export function PeriodFields({
  period,
  errors,
  disabled,
}: {
  period: ReturnType<typeof usePeriod>;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  return ENDS.map(({ key, id, label }) => (
    <TextField
      key={key}
      id={`${period.noun}-${id}`}
      label={label}
      required
      error={errors[key]}
      type="datetime-local"
      value={period.typed[key]}
      onChange={(e) => period.set(key, e.target.value)}
      disabled={disabled}
    />
  ));
}
