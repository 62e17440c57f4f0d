/**
 * The IRP (Invoice Registration Portal) through NIC's e-invoice API, version 1.03, as a GSP passes it on at
 * EINVOICE_API_BASE (docs/einvoice.md):
 *
 * - POST /eivital/v1.03/auth with the headers client_id and client_secret and `{UserName, Password, AppKey,
 *   ForceRefreshAccessToken}`, the password and a fresh 32-byte AppKey each encrypted with the IRP's RSA public key
 *   (PKCS#1 v1.5, base64). The answer's `Sek` is the session key encrypted with the AppKey (AES-256-ECB, PKCS#7).
 * - Every other call carries client_id, client_secret, Gstin, user_name and AuthToken; a POST's body is
 *   `{Data: base64(AES-256-ECB(Sek, JSON))}` and a successful answer's `Data` is encrypted the same way.
 * - An answer is `{Status: "1"|"0", Data, ErrorDetails: [{ErrorCode, ErrorMessage}], InfoDtls}`.
 */
import crypto from 'node:crypto';
import type { Config } from '../../config.js';

type IrpSettings = NonNullable<Config['einvoice']>;

/** The IRP answered with errors (the document must change, or the merchant look): not tried again by itself. */
export class IrpRefused extends Error {
  constructor(
    readonly errors: { code: string; message: string }[],
    readonly info: unknown,
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; ') || 'The IRP refused the request');
  }
  has(code: string) {
    return this.errors.some((e) => e.code === code);
  }
}

/** The IRP could not be reached or answered nothing usable: tried again later. */
class IrpUnreachable extends Error {}

/** What the IRP keeps of a registered document (Generate IRN, or Get IRN by document details). */
type IrnDetails = {
  Irn: string;
  AckNo: string | number;
  /** yyyy-MM-dd HH:mm:ss, India time. */
  AckDt: string;
  SignedInvoice?: string;
  SignedQRCode: string;
  /** ACT (active) or CNL (cancelled), on Get IRN by document details. */
  Status?: string;
};

/** NIC's error code for a document whose IRN was already generated (the answer's InfoDtls carries it). */
const DUPLICATE_IRN = '2150';

const TIMEOUT_MS = 20_000;

function aesEncrypt(key: Buffer, plain: Buffer) {
  const c = crypto.createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]);
}

function aesDecrypt(key: Buffer, data: Buffer) {
  const d = crypto.createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(data), d.final()]);
}

/** ErrorDetails as NIC sends them: an array, or (on some calls) that array as base64 JSON. */
function readErrors(details: unknown): { code: string; message: string }[] {
  let list = details;
  if (typeof details === 'string') {
    try {
      list = JSON.parse(Buffer.from(details, 'base64').toString('utf8'));
    } catch {
      return [{ code: '', message: details }];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.map((e: { ErrorCode?: unknown; ErrorMessage?: unknown }) => ({
    code: String(e?.ErrorCode ?? ''),
    message: String(e?.ErrorMessage ?? ''),
  }));
}

/** The India-time "yyyy-MM-dd HH:mm:ss" the IRP writes dates in, as an instant. */
export function irpDate(text: string): Date {
  const d = new Date(`${text.trim().replace(' ', 'T')}+05:30`);
  if (Number.isNaN(d.getTime())) throw new IrpUnreachable(`The IRP answered a date it should not: ${text}`);
  return d;
}

type Session = { token: string; sek: Buffer; expiresAt: number };

export function irpClient(settings: IrpSettings, gstin: () => Promise<string>) {
  let session: Session | null = null;

  async function send(path: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown }) {
    let res: Response;
    try {
      res = await fetch(`${settings.apiBase}${path}`, {
        method: init.method,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new IrpUnreachable(`The IRP could not be reached: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 500 || res.status === 429) throw new IrpUnreachable(`The IRP answered HTTP ${res.status}`);
    let body: { Status?: unknown; Data?: unknown; ErrorDetails?: unknown; InfoDtls?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      throw new IrpUnreachable(`The IRP answered HTTP ${res.status} without JSON`);
    }
    return { status: res.status, body };
  }

  async function authenticate(): Promise<Session> {
    if (session && session.expiresAt - Date.now() > 5 * 60_000) return session;
    const appKey = crypto.randomBytes(32);
    const rsa = (b: Buffer) =>
      crypto.publicEncrypt({ key: settings.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, b).toString('base64');
    const { body } = await send('/eivital/v1.03/auth', {
      method: 'POST',
      headers: { client_id: settings.clientId, client_secret: settings.clientSecret },
      body: {
        UserName: settings.username,
        Password: rsa(Buffer.from(settings.password, 'utf8')),
        AppKey: rsa(appKey),
        ForceRefreshAccessToken: false,
      },
    });
    if (String(body.Status) !== '1') throw new IrpRefused(readErrors(body.ErrorDetails), body.InfoDtls);
    const data = body.Data as { AuthToken?: string; Sek?: string; TokenExpiry?: string } | undefined;
    if (!data?.AuthToken || !data.Sek) throw new IrpUnreachable('The IRP’s authentication answer has no AuthToken or Sek');
    let sek: Buffer;
    try {
      sek = aesDecrypt(appKey, Buffer.from(data.Sek, 'base64'));
    } catch {
      throw new IrpUnreachable('The IRP’s session key could not be decrypted with the AppKey');
    }
    const expiresAt = data.TokenExpiry ? irpDate(data.TokenExpiry).getTime() : Date.now() + 60 * 60_000;
    session = { token: data.AuthToken, sek, expiresAt };
    return session;
  }

  /** One call with the session: the body encrypted, the answer's Data decrypted; a stale token is renewed once. */
  async function call<T>(method: 'GET' | 'POST', path: string, payload?: unknown, again = true): Promise<T> {
    const s = await authenticate();
    const { status, body } = await send(path, {
      method,
      headers: {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        Gstin: await gstin(),
        user_name: settings.username,
        AuthToken: s.token,
      },
      body:
        payload === undefined ? undefined : { Data: aesEncrypt(s.sek, Buffer.from(JSON.stringify(payload))).toString('base64') },
    });
    if (status === 401 || status === 403) {
      session = null;
      if (again) return call<T>(method, path, payload, false);
      throw new IrpUnreachable(`The IRP answered HTTP ${status} to a fresh session`);
    }
    if (String(body.Status) !== '1') {
      const errors = readErrors(body.ErrorDetails);
      // 1005: "Invalid Token" — the session ended early; sign in again once.
      if (again && errors.some((e) => e.code === '1005')) {
        session = null;
        return call<T>(method, path, payload, false);
      }
      throw new IrpRefused(errors, body.InfoDtls);
    }
    if (typeof body.Data !== 'string') throw new IrpUnreachable('The IRP’s answer has no Data');
    try {
      return JSON.parse(aesDecrypt(s.sek, Buffer.from(body.Data, 'base64')).toString('utf8')) as T;
    } catch {
      throw new IrpUnreachable('The IRP’s answer could not be decrypted with the session key');
    }
  }

  /** Get IRN by document details: type INV or CRN, number, date dd/mm/yyyy. */
  function byDocument(type: 'INV' | 'CRN', number: string, date: string) {
    const q = new URLSearchParams({ doctype: type, docnum: number, docdate: date });
    return call<IrnDetails>('GET', `/eicore/v1.03/Invoice/irnbydocdetails?${q}`);
  }

  return {
    /**
     * Generate IRN. A document registered before (an answer lost on the way back) is answered with error 2150: its
     * IRN is then fetched by its details, so a retry never makes a second one.
     */
    async register(payload: { DocDtls: { Typ: 'INV' | 'CRN'; No: string; Dt: string } }): Promise<IrnDetails> {
      try {
        return await call<IrnDetails>('POST', '/eicore/v1.03/Invoice', payload);
      } catch (err) {
        if (!(err instanceof IrpRefused) || !err.has(DUPLICATE_IRN)) throw err;
        return byDocument(payload.DocDtls.Typ, payload.DocDtls.No, payload.DocDtls.Dt);
      }
    },
    /** Cancel IRN with NIC's reason 3 (order cancelled). */
    cancel(irn: string, remark: string) {
      return call<{ Irn: string; CancelDate: string }>('POST', '/eicore/v1.03/Invoice/Cancel', {
        Irn: irn,
        CnlRsn: '3',
        CnlRem: remark.slice(0, 100),
      });
    },
    byDocument,
  };
}

export type IrpClient = ReturnType<typeof irpClient>;
