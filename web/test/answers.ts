import type { z } from 'zod';
import type { RouteAnswer, RouteMap, RouteSpec, RouteTable } from '../../contract/route';

/** Paths of the fields the value carries that the schema's output does not: fields the contract lacks. */
function strayFields(input: unknown, output: unknown, path: string[] = []): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((v, i) => strayFields(v, output[i], [...path, String(i)]));
  }
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
  if (!isRecord(input) || !isRecord(output)) return [];
  return Object.entries(input).flatMap(([key, v]) => {
    if (v === undefined) return [];
    if (!(key in output)) return [[...path, key].join('.')];
    return strayFields(v, output[key], [...path, key]);
  });
}

/**
 * A test's stand-in for something the API sends, checked against the contract's schema for it: a value that
 * misses a field, has one of the wrong kind, or carries one the contract does not have, throws, naming the
 * field. Returns the value itself.
 */
export function parsedAs<T>(schema: z.ZodType, value: T, what = 'Fixture'): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `${what} does not match the contract: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const stray = strayFields(value, result.data);
  if (stray.length > 0) throw new Error(`${what} carries fields the contract does not have: ${stray.join(', ')}`);
  return value;
}

/**
 * A test's stand-in for what a route answers, checked against the route's success schema in its contract
 * table: a fixture that drifts from the contract fails the test that uses it.
 */
export function answerOf<R extends RouteMap, K extends keyof R & string>(
  table: RouteTable<R>,
  key: K,
  value: RouteAnswer<Extract<R[K], RouteSpec>>,
): RouteAnswer<Extract<R[K], RouteSpec>> {
  const spec = table.routes[key] as RouteSpec;
  const schema = Object.entries(spec.responses).find(([status]) => status.startsWith('2'))?.[1] as z.ZodType | undefined;
  if (!schema || !('parse' in schema)) throw new Error(`${key} has no JSON success answer`);
  return parsedAs(schema, value, `Fixture for ${key}`);
}
