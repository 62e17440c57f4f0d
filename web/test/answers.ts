import type { z } from 'zod';
import type { RouteAnswer, RouteMap, RouteSpec, RouteTable } from '../../contract/route';

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
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `Fixture for ${key} does not match the contract: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return value;
}
