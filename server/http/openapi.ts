/**
 * Final touches on the generated OpenAPI document, so that standard validators and linters read it
 * without complaint:
 * - an operation without a security requirement is public, and says so with `security: []`
 *   (a missing requirement reads as "not stated", not as "open to anyone");
 * - every operation gets a unique `operationId`, derived from its method and path, for client generators.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operation = { security?: unknown[]; operationId?: string; [key: string]: unknown };
type Document = { paths?: Record<string, Record<string, unknown>>; [key: string]: unknown };

/** `post /u1/api/edituser/{id}` → `postU1ApiEdituserById`. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((part) => {
      const param = /^\{(.+)\}$/.exec(part)?.[1];
      return param ? ['by', ...param.split(/[^A-Za-z0-9]+/)] : part.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

export function finishOpenApi<T>(input: T): T {
  const doc = input as Document;
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      if (op.security === undefined) op.security = [];
      if (!op.operationId) {
        let id = operationIdFor(method, path);
        for (let n = 2; used.has(id); n++) id = `${operationIdFor(method, path)}${n}`;
        op.operationId = id;
      }
      used.add(op.operationId);
    }
  }
  return input;
}
