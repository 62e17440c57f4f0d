import crypto from 'node:crypto';
import fc from 'fast-check';
import type { JsonSchema, Param, Route } from './routes.js';

/**
 * A generated request is a description with symbolic parts ("the 3rd known product id"), turned into a
 * concrete HTTP request only when it runs, against the ids the database holds at that moment.
 */

export type Table = 'users' | 'categories' | 'subcategories' | 'products' | 'cart_items' | 'checkouts' | 'orders';
export type Sym =
  | { $sym: 'id'; table?: Table; n: number }
  | { $sym: 'slug'; n: number }
  | { $sym: 'orderRef'; n: number }
  | { $sym: 'paymentRef'; n: number }
  | { $sym: 'word'; n: number }
  /** A subcategory and the category it belongs to, chosen together. */
  | { $sym: 'pair'; part: 'category' | 'subcategory'; n: number }
  /** A payment the fuzz made through the sandbox: its order id, payment id and signature belong together. */
  | { $sym: 'paid'; part: 'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature'; n: number }
  | { $sym: 'mobile'; who: 'user' | 'admin' }
  | { $sym: 'password'; who: 'user' | 'admin' }
  | { $sym: 'filter'; parts: (string | { $sym: 'word'; n: number })[] };
export type Value = string | Sym;

export type Identity = 'anon' | 'user' | 'admin' | 'forged' | 'stale' | 'garbage' | 'both';
export type OriginKind = 'none' | 'same' | 'foreign' | 'null' | 'garbage' | 'referer-foreign';

export type FilePart = { field: string; filename: string; contentType: string; content: 'png' | 'random' | 'empty' | 'text' };
export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; contentType: string | null; text: string }
  | { kind: 'huge'; contentType: string; bytes: number }
  | {
      kind: 'multipart';
      fields: [string, unknown][];
      files: FilePart[];
      breakage: 'none' | 'no-boundary' | 'truncated' | 'wrong-boundary' | 'long-boundary';
    };

export type FuzzRequest = {
  /** Follows the route's schema and guard, as the web app would send it. */
  wellFormed?: boolean;
  route: number | null;
  method: string;
  pathValues: Value[];
  randomPath: string;
  query: [string, Value][] | { raw: string };
  body: Body;
  identity: Identity;
  origin: OriginKind;
};

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Strings that have broken web servers before. */
const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  "' OR 1=1 --",
  '"; drop table users; --',
  '%',
  '%25',
  '%00',
  '\u0000',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '$'.concat('{7*7}'),
  '{{7*7}}',
  'ñandú',
  '😀💎',
  '\u202e',
  'a'.repeat(600),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '507f1f77bcf86cd799439011',
  '9999999999',
  '99999999999999999999999',
  '2026-02-30',
  '2026-13-01',
  'order_EKwxwAgItmmXdp',
  'pay_29QQoUBi66xm2f',
  'all',
  'page-0',
  'min-abc-max--5',
  'sort-',
  'search-',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

const known = (table?: Table): fc.Arbitrary<Sym> => fc.nat(1000).map((n) => ({ $sym: 'id', table, n }));

/** An id in any form: a live one, an unknown well-formed one, or a malformed one. */
export const idValue = (table?: Table): fc.Arbitrary<Value> =>
  fc.oneof(
    { weight: 4, arbitrary: known(table) },
    { weight: 1, arbitrary: known() },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid().map((u) => u.replace(/-/g, '')) },
    { weight: 3, arbitrary: text },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );

const wordSym = fc.nat(1000).map((n) => ({ $sym: 'word' as const, n }));
const filterValue: fc.Arbitrary<Value> = fc
  .array(
    fc.oneof(
      wordSym,
      fc.constantFrom('all', 'min', 'max', 'sort', 'asc', 'desc', 'newest', 'oldest', 'page', 'search', 'ruby', 'blue', 'stone'),
      fc.integer({ min: -5, max: 200000 }).map(String),
      fc.constantFrom('min-100', 'max-5000', 'sort-asc', 'sort-desc', 'page-2', 'page-99999', 'search-emerald'),
      text.map((s) => s.replace(/\//g, '')),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => ({ $sym: 'filter' as const, parts }));

function tableHint(name: string): Table | undefined {
  const n = name.toLowerCase();
  if (n.includes('cartitem')) return 'cart_items';
  if (n.startsWith('subcategory')) return 'subcategories';
  if (n.startsWith('category')) return 'categories';
  if (n.startsWith('product')) return 'products';
  if (n.includes('user')) return 'users';
  if (n.includes('order')) return 'orders';
  return undefined;
}

/** Well-formed choices only when strict, else well-formed and broken ones alike. */
const choose = (strict: boolean, good: fc.Arbitrary<Value>[], bad: fc.Arbitrary<Value>[] = [text]) =>
  fc.oneof(...(strict ? good : [...good, ...bad]));

const word = fc.stringMatching(/^[A-Z][a-z]{2,10}$/);

/** A value for a named string field, aimed where the name says. */
function namedString(name: string, schema: JsonSchema, strict = false): fc.Arbitrary<Value> | undefined {
  const n = name.toLowerCase();
  const nat = fc.nat(1000);
  if (n === 'slug') return choose(strict, [nat.map((k) => ({ $sym: 'slug' as const, n: k }))]);
  if (n === 'filterstring') return filterValue;
  if (n === 'razorpay_order_id') return choose(strict, [nat.map((k) => ({ $sym: 'orderRef' as const, n: k }))]);
  if (n === 'razorpay_payment_id') return choose(strict, [nat.map((k) => ({ $sym: 'paymentRef' as const, n: k }))]);
  if (n === 'razorpay_signature') return choose(strict, [fc.stringMatching(/^[0-9a-f]{64}$/)]);
  if (n === 'mobileno')
    return choose(strict, [
      fc.constantFrom<Sym>({ $sym: 'mobile', who: 'user' }, { $sym: 'mobile', who: 'admin' }),
      fc.stringMatching(/^[6-9]\d{9}$/),
    ]);
  if (n === 'password' || n === 'currentpassword')
    return choose(strict, [
      fc.constantFrom<Sym>({ $sym: 'password', who: 'user' }, { $sym: 'password', who: 'admin' }),
      fc.stringMatching(/^[a-z]{8,16}$/),
    ]);
  if (n === 'pincode') return choose(strict, [fc.stringMatching(/^[1-9]\d{5}$/)]);
  if (n === 'page' || n === 'limit') return choose(strict, [fc.constantFrom('1', '2', '3', '10')]);
  if (n === 'isactive') return choose(strict, [fc.constantFrom('true', 'false')]);
  if (n === 'rating') return choose(strict, [fc.constantFrom('1', '3', '5')]);
  if (n.startsWith('weight')) return choose(strict, [fc.constantFrom('', '1.25', '3', '0.5')]);
  if (n === 'productprice') return choose(strict, [fc.constantFrom('0', '1499', '25000.5', '99.99')]);
  if (n === 'stockquantity') return choose(strict, [fc.constantFrom('0', '1', '7', '120')]);
  if (n === 'productsizes' || n === 'productcolours')
    return choose(strict, [fc.constantFrom('', 'Small, Large', 'Red', '6, 7, 8')]);
  if (schema.format === 'uuid' || n === 'id' || n.endsWith('id') || n === 'category' || n === 'subcategory')
    return strict ? known(tableHint(name)) : idValue(tableHint(name));
  if (n === 'startdate' || n === 'enddate')
    return choose(strict, [
      fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    ]);
  if (n === 'search' || n === 'subcategoryname' || n === 'categoryname' || n === 'fullname' || n.endsWith('name'))
    return choose(strict, [wordSym, word]);
  return undefined;
}

/** Values that follow a JSON schema (with a name to aim ids), sometimes bending it. */
export function fromSchema(schema: JsonSchema, name = '', depth = 0, strict = false): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => fromSchema(v, name, depth + 1, strict)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf), name, depth + 1, strict);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => fromSchema({ ...schema, type: t }, name, depth + 1, strict)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -10);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
      const inRange = fc.integer({ min: Math.max(min, strict ? 1 : -1e6), max: Math.min(max, strict ? 5 : 1e6) });
      return strict ? inRange : fc.oneof(inRange, fc.integer());
    }
    case 'number': {
      const min = schema.minimum ?? -10;
      const max = schema.maximum ?? 100000;
      const whole = fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e6)) });
      if (strict) return whole;
      return fc.oneof(
        whole,
        fc.double({ noNaN: true, noDefaultInfinity: true, min: Math.max(min, -1e9), max: Math.min(max, 1e9) }),
        fc.double(),
      );
    }
    case 'string': {
      const aimed = namedString(name, schema, strict);
      if (aimed) return aimed;
      if (strict && schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // fall through to plain words
        }
      }
      if (strict) return word;
      const options: fc.Arbitrary<unknown>[] = [
        fc.string({ minLength: Math.min(schema.minLength ?? 0, 50), maxLength: Math.min(schema.maxLength ?? 40, 60) }),
        text,
      ];
      if (schema.pattern) {
        try {
          options.push(fc.stringMatching(new RegExp(schema.pattern)));
        } catch {
          // a pattern JavaScript cannot read: plain strings only
        }
      }
      if (schema.format === 'date-time' || schema.format === 'date') {
        options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
      }
      return fc.oneof(...options);
    }
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, name, depth + 1, strict), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const keys = Object.keys(props);
      if (!keys.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, fromSchema(props[k] as JsonSchema, k, depth + 1, strict)])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      }) as fc.Arbitrary<unknown>;
    }
    default:
      return name ? (namedString(name, schema, strict) ?? fc.jsonValue({ maxDepth: 2 })) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Bends a well-formed body: a field of the wrong type, a field gone, foreign keys, or a different shape. */
const bend = (value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: value },
    {
      weight: 3,
      arbitrary: fc.tuple(value, fc.nat(20), fc.jsonValue({ maxDepth: 2 })).map(([v, k, junk]) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
        const keys = Object.keys(v);
        if (!keys.length) return { [String(k)]: junk };
        const copy: Record<string, unknown> = { ...(v as Record<string, unknown>) };
        copy[keys[k % keys.length] as string] = junk;
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(value, fc.nat(20)).map(([v, k]) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
        const copy: Record<string, unknown> = { ...(v as Record<string, unknown>) };
        const keys = Object.keys(copy);
        if (keys.length) delete copy[keys[k % keys.length] as string];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: value.map((v) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? JSON.parse(
              `{"__proto__":{"role":"ADMIN","isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(v).slice(1)}`.replace(
                /,}$/,
                '}',
              ),
            )
          : v,
      ),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

const PNG_FILE = fc.constantFrom<FilePart['content']>('png', 'random', 'empty', 'text');

function bodyFor(route: Route | undefined): fc.Arbitrary<Body> {
  const schema = route?.body?.schema ?? { type: 'object' };
  const isMultipart = route?.body?.contentType.startsWith('multipart/') ?? false;
  const jsonBody = bend(fromSchema(schema)).map((value) => ({
    kind: 'json' as const,
    value,
    contentType: 'application/json',
  }));
  const multipart = fc
    .record({
      fields: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...Object.keys(schema.properties ?? { name: {} })), fc.string({ maxLength: 10 })),
          fc.oneof(fromSchema({ type: 'string' }), text),
        ),
        { maxLength: 12 },
      ),
      valid: fromSchema(schema),
      files: fc.array(
        fc.record({
          field: fc.constantFrom('images', 'video', 'file', 'images[]'),
          filename: fc.constantFrom('a.png', 'b.jpg', '../../x.png', 'v.mp4', 'noext', ''),
          contentType: fc.constantFrom('image/png', 'image/jpeg', 'video/mp4', 'text/plain', 'application/octet-stream'),
          content: PNG_FILE,
        }),
        { maxLength: 3 },
      ),
      breakage: fc.constantFrom<Extract<Body, { kind: 'multipart' }>['breakage']>(
        'none',
        'none',
        'none',
        'no-boundary',
        'truncated',
        'wrong-boundary',
        'long-boundary',
      ),
    })
    .map(({ fields, valid, files, breakage }) => {
      const base =
        valid && typeof valid === 'object' && !Array.isArray(valid)
          ? Object.entries(valid as Record<string, unknown>).map(
              ([k, v]) =>
                [
                  k,
                  Array.isArray(v) ? v.map((x) => (x !== null && typeof x === 'object' ? JSON.stringify(x) : x)).join(', ') : v,
                ] as [string, unknown],
            )
          : [];
      return { kind: 'multipart' as const, fields: [...base, ...fields], files, breakage };
    });
  const raw = fc.record({
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data',
      'application/octet-stream',
      null,
    ),
    text: fc.oneof(
      fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"x":1}}', 'a=b&c=d', '<x/>', '\u0000', '1e999'),
      fc.string({ maxLength: 60 }),
    ),
  });
  const huge = fc.record({
    contentType: fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'text/plain'),
    bytes: fc.constantFrom(1024 * 1024 + 1, 2 * 1024 * 1024),
  });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: isMultipart ? 2 : 6, arbitrary: jsonBody },
    { weight: isMultipart ? 6 : 1, arbitrary: multipart },
    { weight: 2, arbitrary: raw.map((r) => ({ kind: 'raw' as const, ...r })) },
    { weight: 1, arbitrary: huge.map((h) => ({ kind: 'huge' as const, ...h })) },
  ) as fc.Arbitrary<Body>;
}

const PREFIX_TABLES: [string, Table][] = [
  ['/u1/', 'users'],
  ['/c1/', 'categories'],
  ['/s2/', 'subcategories'],
  ['/p1/', 'products'],
  ['/c2/', 'cart_items'],
  ['/o1/', 'orders'],
];
/** A path parameter called plain `id` names a row of the table its route prefix is about. */
const pathParam = (route: Route, p: Param, strict = false): fc.Arbitrary<Value> | undefined => {
  if (p.name !== 'id') return namedString(p.name, p.schema, strict);
  const table = PREFIX_TABLES.find(([prefix]) => route.path.startsWith(prefix))?.[1];
  return strict ? known(table) : idValue(table);
};

const paramValue = (p: Param, route?: Route): fc.Arbitrary<Value> => {
  const aimed = route ? pathParam(route, p) : namedString(p.name, p.schema);
  return fc.oneof(
    { weight: 4, arbitrary: aimed ?? (fromSchema(p.schema, p.name) as fc.Arbitrary<Value>) },
    { weight: 1, arbitrary: text },
  );
};

const queryFor = (route: Route | undefined): fc.Arbitrary<FuzzRequest['query']> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(
        fc.oneof(
          ...(route?.query.length
            ? [
                fc.constantFrom(...route.query).chain((p) =>
                  fc.tuple(
                    fc.constant(p.name),
                    fc.oneof(
                      paramValue(p),
                      fromSchema(p.schema, p.name).map((v) => String(v)),
                    ) as fc.Arbitrary<Value>,
                  ),
                ),
              ]
            : []),
          fc.tuple(fc.constantFrom('page', 'limit', 'search', 'status', 'startDate', 'endDate', 'subcategory', 'x'), text),
          fc.tuple(text, text),
        ),
        { maxLength: 5 },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('a=%zz', '&&&=', 'page=1&page=2', 'a[b]=c', '__proto__[x]=1', 'limit=1e9', '=', '%', 'page=%00')
        .map((raw) => ({ raw })),
    },
  );

const RANDOM_PREFIXES = ['/u1/api', '/c1/api', '/s2/api', '/p1/api', '/c2/api', '/o1/api', '/api', '/uploads', '', '/dashboard'];

/** Mobile number and password of the same person, so a well-formed sign-in can succeed. */
const credentials = (value: unknown, who: 'user' | 'admin' | null) => {
  if (!who || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  if (!('mobileno' in v) || !('password' in v)) return v;
  return { ...v, mobileno: { $sym: 'mobile', who }, password: { $sym: 'password', who } };
};

/**
 * A body naming both a category and a subcategory names a subcategory of that category; one naming a
 * payment names the order, payment and signature of one sandbox payment.
 */
const paired = (value: unknown, n: number) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value ?? {};
  const v = value as Record<string, unknown>;
  if ('razorpay_payment_id' in v && 'razorpay_signature' in v && n % 2 === 0) {
    const part = (p: 'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature') => ({ $sym: 'paid', part: p, n });
    return {
      ...v,
      razorpay_order_id: part('razorpay_order_id'),
      razorpay_payment_id: part('razorpay_payment_id'),
      razorpay_signature: part('razorpay_signature'),
    };
  }
  if (!('category' in v) || !('subcategory' in v)) return v;
  return { ...v, category: { $sym: 'pair', part: 'category', n }, subcategory: { $sym: 'pair', part: 'subcategory', n } };
};

/** A request as the web app would send it: the route's own method, live ids, a body that follows the schema, the right cookie. */
function wellFormed(routes: Route[]): fc.Arbitrary<FuzzRequest> {
  return fc.nat(routes.length - 1).chain((index) => {
    const route = routes[index] as Route;
    const aimed = (p: Param) => (pathParam(route, p, true) ?? fromSchema(p.schema, p.name, 0, true)) as fc.Arbitrary<Value>;
    const body: fc.Arbitrary<Body> = !route.body
      ? fc.constant({ kind: 'none' as const })
      : route.body.contentType.startsWith('multipart/')
        ? fc
            .tuple(
              fromSchema(route.body.schema, '', 0, true),
              fc.nat(1000),
              fc.array(
                fc.constant<FilePart>({ field: 'images', filename: 'ruby.png', contentType: 'image/png', content: 'png' }),
                { maxLength: 2 },
              ),
            )
            .map(([value, n, files]) => ({
              kind: 'multipart' as const,
              fields: Object.entries(paired(value, n) as Record<string, unknown>).map(
                ([k, v]) =>
                  [k, Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v && !('$sym' in v) ? JSON.stringify(v) : v] as [
                    string,
                    unknown,
                  ],
              ),
              files,
              breakage: 'none' as const,
            }))
        : fc
            .tuple(
              fromSchema(route.body.schema, '', 0, true),
              fc.constantFrom<'user' | 'admin' | null>('user', 'admin', null, null),
              fc.nat(1000),
            )
            .map(([value, who, n]) => ({
              kind: 'json' as const,
              value: paired(credentials(value, who), n),
              contentType: 'application/json',
            }));
    return fc.record({
      route: fc.constant(index),
      method: fc.constant(route.method),
      pathValues: fc.tuple(...route.pathParams.map(aimed)) as fc.Arbitrary<Value[]>,
      randomPath: fc.constant('/'),
      query: fc
        .subarray(route.query)
        .chain((ps) =>
          fc.tuple(
            ...ps.map((p) =>
              fc.tuple(
                fc.constant(p.name),
                aimed(p).map((v) => (typeof v === 'object' ? v : String(v))),
              ),
            ),
          ),
        )
        .map((pairs) => pairs as [string, Value][]),
      body,
      identity: fc.constant<Identity>(route.security === 'none' ? 'anon' : route.security),
      origin: fc.constantFrom<OriginKind>('none', 'same'),
      wellFormed: fc.constant(true),
    });
  });
}

/** A well-formed request aimed at `routes[index]` alone (for a route the random runs missed). */
export const wellFormedFor = (routes: Route[], index: number) =>
  wellFormed([routes[index] as Route]).map((req) => ({ ...req, route: index }));

export function requestArbitrary(routes: Route[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof({ weight: 1, arbitrary: wellFormed(routes) }, { weight: 2, arbitrary: wild(routes) });
}

function wild(routes: Route[]): fc.Arbitrary<FuzzRequest> {
  const routeIndex = fc.oneof({ weight: 12, arbitrary: fc.nat(routes.length - 1) }, { weight: 1, arbitrary: fc.constant(null) });
  return routeIndex.chain((index) => {
    const route = index === null ? undefined : routes[index];
    return fc.record({
      route: fc.constant(index),
      method: fc.oneof(
        { weight: route ? 8 : 1, arbitrary: fc.constant(route?.method ?? 'GET') },
        { weight: 2, arbitrary: fc.constantFrom(...ALL_METHODS) },
      ),
      pathValues: fc.tuple(...(route?.pathParams ?? []).map((p) => paramValue(p, route))) as fc.Arbitrary<Value[]>,
      randomPath: fc
        .tuple(fc.constantFrom(...RANDOM_PREFIXES), fc.array(fc.oneof(text, fc.uuid()), { maxLength: 4 }))
        .map(([prefix, parts]) => `${prefix}/${parts.map((p) => encodeURIComponent(p)).join('/')}`),
      query: queryFor(route),
      body: bodyFor(route),
      identity: fc.constantFrom<Identity>(
        ...((route?.security === 'admin'
          ? ['admin', 'admin', 'admin', 'user', 'anon', 'forged', 'stale', 'garbage', 'both']
          : route?.security === 'user'
            ? ['user', 'user', 'user', 'admin', 'anon', 'forged', 'stale', 'garbage', 'both']
            : ['anon', 'anon', 'user', 'admin', 'forged', 'stale', 'garbage']) as Identity[]),
      ),
      origin: fc.constantFrom<OriginKind>(
        'none',
        'none',
        'none',
        'same',
        'same',
        'foreign',
        'null',
        'garbage',
        'referer-foreign',
      ),
    });
  });
}

// ---------------------------------------------------------------- turning a description into HTTP

export type Pool = {
  ids: Record<Table, string[]>;
  slugs: string[];
  orderRefs: string[];
  paymentRefs: string[];
  words: string[];
  pairs: [string, string][];
  /** Sandbox payments answered to the fuzz (kept across re-reads of the pool). */
  paid: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }[];
  people: Record<'user' | 'admin', { mobileno: string; password: string }>;
};

const at = <T>(list: T[], n: number, fallback: T) => (list.length ? (list[n % list.length] as T) : fallback);

export function resolve(value: unknown, pool: Pool): unknown {
  if (Array.isArray(value)) return value.map((v) => resolve(v, pool));
  if (!value || typeof value !== 'object') return value;
  const sym = value as Partial<Sym>;
  switch (sym.$sym) {
    case 'id': {
      const s = sym as Extract<Sym, { $sym: 'id' }>;
      const list = s.table ? pool.ids[s.table] : Object.values(pool.ids).flat();
      return at(list, s.n, crypto.randomUUID());
    }
    case 'slug':
      return at(pool.slugs, (sym as { n: number }).n, 'no-such-product');
    case 'orderRef':
      return at(pool.orderRefs, (sym as { n: number }).n, 'order_NoSuchOrder000');
    case 'paymentRef':
      return at(pool.paymentRefs, (sym as { n: number }).n, 'pay_NoSuchPayment00');
    case 'word':
      return at(pool.words, (sym as { n: number }).n, 'ruby');
    case 'paid': {
      const s = sym as Extract<Sym, { $sym: 'paid' }>;
      const p = pool.paid.length ? pool.paid[s.n % pool.paid.length] : undefined;
      return p ? p[s.part] : `${s.part.split('_')[1]}_NoSuchOne000000`;
    }
    case 'pair': {
      const s = sym as Extract<Sym, { $sym: 'pair' }>;
      const pair = at(pool.pairs, s.n, [crypto.randomUUID(), crypto.randomUUID()] as [string, string]);
      return s.part === 'category' ? pair[0] : pair[1];
    }
    case 'mobile':
      return pool.people[(sym as { who: 'user' | 'admin' }).who].mobileno;
    case 'password':
      return pool.people[(sym as { who: 'user' | 'admin' }).who].password;
    case 'filter':
      return (sym as Extract<Sym, { $sym: 'filter' }>).parts.map((p) => String(resolve(p, pool))).join('-');
    default: {
      const out: Record<string, unknown> = {};
      // defineProperty keeps a literal "__proto__" key a plain data key, as JSON.parse made it
      for (const key of Object.keys(value)) {
        Object.defineProperty(out, key, {
          value: resolve((value as Record<string, unknown>)[key], pool),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

// A 1×1 PNG: a real image, so an upload can get past the content check.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function fileBytes(content: FilePart['content']) {
  switch (content) {
    case 'png':
      return TINY_PNG;
    case 'random':
      return crypto.randomBytes(64);
    case 'empty':
      return Buffer.alloc(0);
    default:
      return Buffer.from('not an image at all');
  }
}

export function multipartPayload(body: Extract<Body, { kind: 'multipart' }>, pool: Pool) {
  const boundary = `----fuzz${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of body.fields) {
    const v = resolve(value, pool);
    const textValue = typeof v === 'string' ? v : JSON.stringify(v ?? null);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${String(name).replace(/["\r\n]/g, '')}"\r\n\r\n${textValue}\r\n`,
      ),
    );
  }
  for (const f of body.files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      fileBytes(f.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (body.breakage === 'no-boundary') contentType = 'multipart/form-data';
  if (body.breakage === 'wrong-boundary') contentType = 'multipart/form-data; boundary=somethingelse';
  if (body.breakage === 'long-boundary') contentType = `multipart/form-data; boundary=${'x'.repeat(300)}`;
  if (body.breakage === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
  return { payload, contentType };
}
