/** The shop's routes as its OpenAPI document describes them: what the fuzz aims at. */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
};

export type Param = { name: string; schema: JsonSchema; required: boolean };

export type Route = {
  method: string;
  /** Path template in OpenAPI form: /p1/api/slug/{slug} */
  path: string;
  pathParams: Param[];
  query: Param[];
  body?: { contentType: string; schema: JsonSchema };
  security: 'none' | 'user' | 'admin';
  documentedStatuses: number[];
};

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
  responses?: Record<string, unknown>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Reads every documented operation. `$ref`s into components are resolved. */
export function routesFromOpenApi(doc: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}): Route[] {
  const schemas = doc.components?.schemas ?? {};
  const deref = (s: JsonSchema | undefined, depth = 0): JsonSchema => {
    if (!s) return {};
    if (depth > 20) return {};
    if (s.$ref) return deref(schemas[s.$ref.split('/').pop() ?? ''], depth + 1);
    const out: JsonSchema = { ...s };
    if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, deref(v, depth + 1)]));
    if (s.items) out.items = deref(s.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (s[key]) out[key] = s[key]?.map((x) => deref(x, depth + 1));
    }
    return out;
  };

  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      const pick = (where: string) =>
        params
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: deref(p.schema), required: Boolean(p.required) }));
      const pathParams = pick('path');
      // Path params the document may leave out (a wildcard, say) still get a value.
      for (const m of path.matchAll(/\{([^}]+)\}/g)) {
        const name = m[1] as string;
        if (!pathParams.some((p) => p.name === name)) pathParams.push({ name, schema: { type: 'string' }, required: true });
      }
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      const securityNames = (op.security ?? []).flatMap((s) => Object.keys(s));
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams,
        query: pick('query'),
        body: contentType ? { contentType, schema: deref(content[contentType]?.schema) } : undefined,
        security: securityNames.includes('adminSession') ? 'admin' : securityNames.includes('session') ? 'user' : 'none',
        documentedStatuses: Object.keys(op.responses ?? {})
          .map(Number)
          .filter(Number.isFinite),
      });
    }
  }
  return routes.sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method));
}
