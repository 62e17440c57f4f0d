/**
 * Final touches on the generated OpenAPI document, so that standard validators and linters read it
 * without complaint:
 * - an operation without a security requirement is public, and says so with `security: []`
 *   (a missing requirement reads as "not stated", not as "open to anyone");
 * - every operation gets a unique `operationId`, derived from its method and path, for client generators;
 * - a wildcard route (`/uploads/*`) gets a named path parameter, `{key}`, as OpenAPI path templates need;
 * - an answer whose schema is `format: binary` (stored media) is described with the media types it is sent
 *   as, not as JSON.
 */

const BINARY_TYPES = ['image/webp', 'image/jpeg', 'image/png', 'image/avif', 'video/mp4', 'video/webm'];

type Response = { content?: Record<string, { schema?: { format?: string } }> };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operation = {
  security?: unknown[];
  operationId?: string;
  parameters?: { in: string; name: string }[];
  responses?: Record<string, Response>;
  [key: string]: unknown;
};
type Document = { paths?: Record<string, Record<string, unknown>>; [key: string]: unknown };

/**
 * `post /u1/api/edituser/{id}` → `postU1ApiEdituserById`.
 * @forTests the OpenAPI test checks every route has the operation id this gives
 */
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
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    let path = template;
    if (template.includes('{*}') && doc.paths) {
      path = template.replace('{*}', '{key}');
      delete doc.paths[template];
      doc.paths[path] = item;
    }
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      for (const param of op.parameters ?? []) if (param.in === 'path' && param.name === '*') param.name = 'key';
      for (const response of Object.values(op.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (json?.schema?.format === 'binary') {
          response.content = Object.fromEntries(
            BINARY_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          );
        }
      }
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
