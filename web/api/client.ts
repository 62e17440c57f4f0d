import type { RouteAnswer, RouteInput, RouteSpec, RouteTable } from '../../contract/route';

/** A failed API call: the server's message when it sent one. `status` is 0 when no response came back. */
export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public body?: { success?: boolean; message?: string; errors?: { path: string; message: string }[] },
  ) {
    super(message);
  }
  /** Field errors from a 400, keyed by field name. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.body?.errors ?? []).map((e) => [e.path, e.message]));
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; timeoutMs?: number; form?: FormData };

/** Calls the shop API with the session cookie. Throws ApiError on a non-2xx answer or `success: false`. */
async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const controller = new AbortController();
  const timer = opts.timeoutMs ? setTimeout(() => controller.abort(), opts.timeoutMs) : undefined;
  opts.signal?.addEventListener('abort', () => controller.abort());
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body !== undefined || opts.form ? 'POST' : 'GET'),
      credentials: 'include',
      // Public catalogue answers may be kept by caches (stale-while-revalidate for a CDN): the browser always
      // asks again, and the server answers 304 while its copy is the current one, so a change shows at once.
      cache: 'no-cache',
      headers: opts.body !== undefined ? { 'content-type': 'application/json' } : undefined,
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(controller.signal.aborted ? 'The request timed out' : 'Network error', 0, undefined);
  } finally {
    if (timer) clearTimeout(timer);
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  }
  const body = data as ApiError['body'];
  if (!res.ok || body?.success === false) {
    throw new ApiError(body?.message || res.statusText || 'Request failed', res.status, body);
  }
  return data as T;
}

/** Query string of the defined, non-blank values. */
export function queryString(params: Record<string, unknown>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    const s = String(v).trim();
    if (s !== '') q.set(k, s);
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/**
 * Sends multipart form data with XMLHttpRequest (fetch cannot report upload progress). Resolves with the
 * JSON answer; rejects with ApiError like `api` does, field errors included.
 */
function sendMultipart<T>(method: string, url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: ApiError['body'] | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success !== false) {
        onProgress?.(100);
        resolve(body as T);
      } else {
        reject(new ApiError(body?.message || xhr.statusText || 'Request failed', xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0));
    xhr.onabort = () => reject(new ApiError('The upload was cancelled', 0));
    xhr.send(form);
  });
}

// ---------------------------------------------------------------- calls from the contract's route tables

/** Per call: cancel with `signal`, give up after `timeoutMs`, follow an upload with `onProgress` (multipart). */
type CallOptions = { signal?: AbortSignal; timeoutMs?: number; onProgress?: (percent: number) => void };

type CallArgs<S extends RouteSpec> =
  object extends RouteInput<S> ? [input?: RouteInput<S> & CallOptions] : [input: RouteInput<S> & CallOptions];

type SpecOf<T extends RouteTable, K extends keyof T['routes']> = Extract<T['routes'][K], RouteSpec>;

/** What a route of a contract table takes as its body: `RouteBody<typeof cartRoutes, 'POST /c2/api/add'>`. */
export type RouteBody<T extends RouteTable, K extends keyof T['routes']> = RouteInput<SpecOf<T, K>>['body'];

/**
 * `'PATCH /c1/api/edit/:id'` with `{ id: 'x y' }` → `['PATCH', '/c1/api/edit/x%20y']`.
 * @forTests the client test checks the addresses it builds.
 */
export function addressOf(key: string, params?: Record<string, unknown>): [string, string] {
  const space = key.indexOf(' ');
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  return [key.slice(0, space), path];
}

/**
 * The calls of one route table of contract/, typed from it: `const call = routeCaller<typeof categoryRoutes>();`
 * then `call('PATCH /c1/api/edit/:id', { params: { id }, body: { categoryname } })` answers the route's success
 * shape (throwing ApiError otherwise). The table is imported as a type only: no schema reaches the browser.
 */
export function routeCaller<T extends RouteTable>() {
  return <K extends keyof T['routes'] & string>(
    key: K,
    ...[input]: CallArgs<SpecOf<T, K>>
  ): Promise<RouteAnswer<SpecOf<T, K>>> => {
    const { params, query, body, signal, timeoutMs, onProgress } = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    } & CallOptions;
    const [method, path] = addressOf(key, params);
    const url = path + (query ? queryString(query) : '');
    if (body instanceof FormData) return sendMultipart(method, url, body, onProgress);
    return api(url, { method, body, signal, timeoutMs });
  };
}
