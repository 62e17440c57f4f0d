/**
 * A stand-in for MSG91's Flow API v5 for the browser journeys (the server's MSG91_API_BASE points here).
 * It checks each request's shape and auth key like MSG91 would, keeps the messages it accepted, and refuses
 * numbers a journey asks it to refuse (as MSG91 refuses an invalid number), so a failed message can be shown.
 *
 *   POST /api/v5/flow                   MSG91's endpoint (authkey header, template_id, recipients[{mobiles, var1…}])
 *   GET  /e2e/messages?mobile=98…       what was accepted for a number: [{ template_id, vars }]
 *   POST /e2e/refuse?mobile=98…         refuse that number from now on;  POST /e2e/accept?mobile=… accept it again
 */
import http from 'node:http';

export const MSG91_STAND_IN_KEY = 'e2e-msg91-authkey';

const port = Number(process.env.MSG91_STAND_IN_PORT ?? 4100);
const accepted = new Map<string, { template_id: string; vars: string[] }[]>();
const refused = new Set<string>();

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** The 10-digit number of `91XXXXXXXXXX`. */
const local = (mobiles: string) => (mobiles.length === 12 && mobiles.startsWith('91') ? mobiles.slice(2) : mobiles);

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const mobile = url.searchParams.get('mobile') ?? '';
    if (req.method === 'GET' && url.pathname === '/healthz') return send(res, 200, { ok: true });
    if (req.method === 'GET' && url.pathname === '/e2e/messages') return send(res, 200, accepted.get(mobile) ?? []);
    if (req.method === 'POST' && url.pathname === '/e2e/refuse') {
      refused.add(mobile);
      return send(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/e2e/accept') {
      refused.delete(mobile);
      return send(res, 200, { ok: true });
    }
    if (req.method !== 'POST' || url.pathname !== '/api/v5/flow') return send(res, 404, { type: 'error', message: 'Not found' });
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.headers.authkey !== MSG91_STAND_IN_KEY) return send(res, 401, { type: 'error', message: 'Invalid authkey' });
      let body: { template_id?: unknown; recipients?: Record<string, unknown>[] };
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, { type: 'error', message: 'Invalid JSON' });
      }
      const r = body.recipients?.[0];
      if (typeof body.template_id !== 'string' || !r || typeof r.mobiles !== 'string' || !/^91\d{10}$/.test(r.mobiles)) {
        return send(res, 400, { type: 'error', message: 'template_id and recipients[{ mobiles: 91XXXXXXXXXX }] are required' });
      }
      const number = local(r.mobiles);
      if (refused.has(number)) return send(res, 400, { type: 'error', message: 'Invalid mobile number' });
      const vars = Object.keys(r)
        .filter((k) => /^var\d+$/.test(k))
        .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))
        .map((k) => String(r[k]));
      accepted.set(number, [...(accepted.get(number) ?? []), { template_id: body.template_id, vars }]);
      return send(res, 200, { type: 'success', message: 'queued' });
    });
  })
  .listen(port, '127.0.0.1');
