/** "1 order", "2 orders", "0 orders": a count with its noun in the right number (en-IN digit grouping). */
export function countOf(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}

/** The noun alone, in the number that agrees with `n`. */
export const nounFor = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);
