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
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const controller = new AbortController();
  const timer = opts.timeoutMs ? setTimeout(() => controller.abort(), opts.timeoutMs) : undefined;
  opts.signal?.addEventListener('abort', () => controller.abort());
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body !== undefined || opts.form ? 'POST' : 'GET'),
      credentials: 'include',
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
