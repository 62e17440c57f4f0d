/**
 * A stand-in IRP for tests, speaking NIC's e-invoice API v1.03 as a GSP passes it on: authentication with the
 * password and AppKey encrypted with the IRP's RSA public key and a session key (Sek) answered encrypted with the
 * AppKey; Generate IRN, Get IRN by document details and Cancel IRN with their JSON encrypted with the Sek (AES-256-ECB);
 * the INV-01 fields checked as the IRP checks them; a document registered once (a second Generate answers error 2150
 * with the first IRN in InfoDtls); the signed invoice and QR code as RS256 JWTs.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** JSON as the stand-in reads it: any shape, checked field by field as the IRP does. */
// biome-ignore lint/suspicious/noExplicitAny: a request's JSON is checked field by field, whatever its shape
type Json = Record<string, any>;

type Doc = {
  gstin: string;
  typ: string;
  no: string;
  dt: string;
  irn: string;
  ackNo: number;
  ackDt: string;
  ackAt: number;
  signedInvoice: string;
  signedQr: string;
  status: 'ACT' | 'CNL';
  payload: Record<string, unknown>;
};

type Answer = {
  Status: '0' | '1';
  Data?: unknown;
  ErrorDetails?: { ErrorCode: string; ErrorMessage: string }[];
  InfoDtls?: unknown;
};

export type FakeIrp = {
  url: string;
  /** The environment that points the shop at this stand-in. */
  env: Record<string, string>;
  /** The key the IRP signs its JWTs with, to check a signed QR code. */
  signingKey: crypto.KeyObject;
  /** Documents registered, in order (a duplicate Generate adds nothing). */
  documents: Doc[];
  /** Every request: method, path and, for POSTs, the decrypted JSON. */
  requests: { method: string; path: string; json?: Record<string, unknown> }[];
  /** The next Generate IRN calls answer these errors (Status 0) instead of registering. */
  refuseNext(...errors: { code: string; message: string }[]): void;
  /** The next Cancel IRN calls answer these errors (Status 0) instead of cancelling (as NIC's 2230 for an active e-way bill). */
  refuseNextCancel(...errors: { code: string; message: string }[]): void;
  /** The next Generate IRN registers the document, then the answer is lost (the connection is cut). */
  loseNextAnswer(): void;
  /** While down, every connection is cut before an answer. */
  setDown(down: boolean): void;
  close(): Promise<void>;
};

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** yyyy-MM-dd HH:mm:ss in India time, as the IRP writes dates. */
const irpTime = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** RSA PKCS#1 v1.5 decryption done by hand over the raw RSA operation (Node refuses the padded one for decryption). */
function rsaPkcs1Decrypt(key: crypto.KeyObject, data: Buffer): Buffer {
  const raw = crypto.privateDecrypt({ key, padding: crypto.constants.RSA_NO_PADDING }, data);
  if (raw[0] !== 0 || raw[1] !== 2) throw new Error('bad PKCS#1 v1.5 block');
  const end = raw.indexOf(0, 2);
  if (end < 10) throw new Error('bad PKCS#1 v1.5 padding');
  return raw.subarray(end + 1);
}

const aes = (key: Buffer, data: Buffer, encrypt: boolean) => {
  const c = encrypt ? crypto.createCipheriv('aes-256-ecb', key, null) : crypto.createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(data), c.final()]);
};

const GSTIN_RE = /^[0-9]{2}[0-9A-Z]{13}$/;
const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28];
const near = (a: unknown, b: number) => typeof a === 'number' && Math.abs(a - b) <= 1;

/** The INV-01 checks this stand-in makes, as NIC's schema and validation rules state them: the errors found. */
function validate(p: Json): string[] {
  const errors: string[] = [];
  const need = (ok: boolean, message: string) => {
    if (!ok) errors.push(message);
  };
  const str = (v: unknown, min: number, max: number) => typeof v === 'string' && v.length >= min && v.length <= max;
  const pin = (v: unknown) => Number.isInteger(v) && (v as number) >= 100000 && (v as number) <= 999999;
  need(p.Version === '1.1', 'Version must be 1.1');
  const t = p.TranDtls ?? {};
  need(t.TaxSch === 'GST', 'TranDtls.TaxSch must be GST');
  need(['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP'].includes(t.SupTyp), 'TranDtls.SupTyp is not valid');
  need(t.RegRev === undefined || ['Y', 'N'].includes(t.RegRev), 'TranDtls.RegRev must be Y or N');
  const d = p.DocDtls ?? {};
  need(['INV', 'CRN', 'DBN'].includes(d.Typ), 'DocDtls.Typ must be INV, CRN or DBN');
  need(typeof d.No === 'string' && /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/.test(d.No), 'DocDtls.No is not valid');
  need(typeof d.Dt === 'string' && /^[0-3][0-9]\/[0-1][0-9]\/20[0-9]{2}$/.test(d.Dt), 'DocDtls.Dt must be dd/mm/yyyy');
  const s = p.SellerDtls ?? {};
  need(GSTIN_RE.test(s.Gstin ?? ''), 'SellerDtls.Gstin is not valid');
  need(str(s.LglNm, 3, 100), 'SellerDtls.LglNm must be 3 to 100 characters');
  need(str(s.Addr1, 1, 100), 'SellerDtls.Addr1 must be 1 to 100 characters');
  need(str(s.Loc, 3, 50), 'SellerDtls.Loc must be 3 to 50 characters');
  need(pin(s.Pin), 'SellerDtls.Pin must be a 6-digit number');
  need(/^\d{2}$/.test(s.Stcd ?? ''), 'SellerDtls.Stcd must be a state code');
  need(String(s.Gstin ?? '').slice(0, 2) === s.Stcd, 'SellerDtls.Stcd must be the state of the seller’s GSTIN');
  const b = p.BuyerDtls ?? {};
  const exported = String(t.SupTyp).startsWith('EXP');
  need(exported ? b.Gstin === 'URP' : GSTIN_RE.test(b.Gstin ?? ''), 'BuyerDtls.Gstin is not valid');
  need(str(b.LglNm, 3, 100), 'BuyerDtls.LglNm must be 3 to 100 characters');
  need(/^\d{2}$/.test(b.Pos ?? ''), 'BuyerDtls.Pos must be a state code');
  need(str(b.Addr1, 1, 100), 'BuyerDtls.Addr1 must be 1 to 100 characters');
  need(str(b.Loc, 3, 50), 'BuyerDtls.Loc must be 3 to 50 characters');
  need(b.Pin === undefined || pin(b.Pin), 'BuyerDtls.Pin must be a 6-digit number');
  need(/^\d{2}$/.test(b.Stcd ?? ''), 'BuyerDtls.Stcd must be a state code');
  if (exported) {
    need(b.Pos === '96' && b.Stcd === '96' && b.Pin === 999999, 'An export’s buyer must have Pos and Stcd 96 and Pin 999999');
    need(/^[A-Z]{2}$/.test(p.ExpDtls?.CntCode ?? ''), 'ExpDtls.CntCode must be a country code');
  }
  const items: Json[] = Array.isArray(p.ItemList) ? p.ItemList : [];
  need(items.length >= 1 && items.length <= 1000, 'ItemList must have 1 to 1000 items');
  const intra = !exported && s.Stcd === b.Pos && t.IgstOnIntra !== 'Y';
  let ass = 0;
  let cgst = 0;
  let sgst = 0;
  let igst = 0;
  items.forEach((i, k) => {
    const at = `ItemList[${k}]`;
    need(str(i.SlNo, 1, 6), `${at}.SlNo is required`);
    need(['Y', 'N'].includes(i.IsServc), `${at}.IsServc must be Y or N`);
    // A seller whose turnover passed ₹5 crore writes 6-digit HSN codes.
    need(typeof i.HsnCd === 'string' && /^\d{6,8}$/.test(i.HsnCd), `${at}.HsnCd must be 6 to 8 digits`);
    need(typeof i.UnitPrice === 'number' && i.UnitPrice >= 0, `${at}.UnitPrice is required`);
    need(i.Qty === undefined || near(i.TotAmt, i.Qty * i.UnitPrice), `${at}.TotAmt must be Qty × UnitPrice`);
    need(near(i.AssAmt, (i.TotAmt ?? 0) - (i.Discount ?? 0)), `${at}.AssAmt must be TotAmt − Discount`);
    need(GST_RATES.includes(i.GstRt), `${at}.GstRt is not a GST rate`);
    const tax = (i.IgstAmt ?? 0) + (i.CgstAmt ?? 0) + (i.SgstAmt ?? 0);
    need(near(tax, ((i.AssAmt ?? 0) * i.GstRt) / 100), `${at}: the tax must be AssAmt × GstRt`);
    need(
      intra ? (i.IgstAmt ?? 0) === 0 : (i.CgstAmt ?? 0) === 0 && (i.SgstAmt ?? 0) === 0,
      `${at}: CGST+SGST within a state, IGST across`,
    );
    need(near(i.TotItemVal, (i.AssAmt ?? 0) + tax + (i.CesAmt ?? 0) + (i.OthChrg ?? 0)), `${at}.TotItemVal must be AssAmt + tax`);
    ass += i.AssAmt ?? 0;
    cgst += i.CgstAmt ?? 0;
    sgst += i.SgstAmt ?? 0;
    igst += i.IgstAmt ?? 0;
  });
  const v = p.ValDtls ?? {};
  need(near(v.AssVal, ass), 'ValDtls.AssVal must be the items’ AssAmt');
  need(
    near(v.CgstVal ?? 0, cgst) && near(v.SgstVal ?? 0, sgst) && near(v.IgstVal ?? 0, igst),
    'ValDtls taxes must be the items’',
  );
  const total =
    (v.AssVal ?? 0) +
    (v.CgstVal ?? 0) +
    (v.SgstVal ?? 0) +
    (v.IgstVal ?? 0) +
    (v.OthChrg ?? 0) +
    (v.RndOffAmt ?? 0) -
    (v.Discount ?? 0);
  need(near(v.TotInvVal, total), 'ValDtls.TotInvVal must add up');
  return errors;
}

/** NIC's financial year of a dd/mm/yyyy date: 2026-27 for 01/04/2026 to 31/03/2027. */
const fyOf = (dt: string) => {
  const [, m, y] = dt.split('/').map(Number) as [number, number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

/** The credentials a GSP hands the shop with the IRP's public key. */
type IrpCredentials = { username: string; password: string; clientId: string; clientSecret: string };

/**
 * Starts the stand-in on `port` (a free one by default). The browser journeys' server is started with its settings
 * before the stand-in answers, so they pass the IRP's private key (PEM) and the credentials in; by default both are
 * made afresh.
 */
export async function startFakeIrp(
  opts: { port?: number; privateKey?: string; credentials?: IrpCredentials } = {},
): Promise<FakeIrp> {
  const { publicKey, privateKey } = opts.privateKey
    ? (() => {
        const key = crypto.createPrivateKey(opts.privateKey);
        return { privateKey: key, publicKey: crypto.createPublicKey(key) };
      })()
    : crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signing = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto.randomBytes(8).toString('hex');
  const creds = opts.credentials ?? {
    username: `shop_${crypto.randomBytes(3).toString('hex')}`,
    password: crypto.randomBytes(8).toString('hex'),
    clientId: `AAC${crypto.randomBytes(6).toString('hex')}`,
    clientSecret: crypto.randomBytes(12).toString('hex'),
  };
  const sessions = new Map<string, Buffer>();
  const documents: Doc[] = [];
  const requests: FakeIrp['requests'] = [];
  const refusals: { code: string; message: string }[][] = [];
  const cancelRefusals: { code: string; message: string }[][] = [];
  let loseAnswers = 0;
  let down = false;
  let ackNo = 112610000000000;

  const jwt = (data: unknown) => {
    const head = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
    const body = b64url(JSON.stringify({ data: JSON.stringify(data), iss: 'NIC' }));
    const sig = crypto.sign('sha256', Buffer.from(`${head}.${body}`), signing.privateKey);
    return `${head}.${body}.${b64url(sig)}`;
  };
  const refused = (code: string, message: string, info?: unknown): Answer => ({
    Status: '0',
    ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }],
    ...(info ? { InfoDtls: info } : {}),
  });
  const details = (doc: Doc) => ({
    AckNo: doc.ackNo,
    AckDt: doc.ackDt,
    Irn: doc.irn,
    SignedInvoice: doc.signedInvoice,
    SignedQRCode: doc.signedQr,
    Status: doc.status,
    EwbNo: null,
    EwbDt: null,
    EwbValidTill: null,
  });

  function generate(p: Json): Answer {
    const errors = validate(p);
    if (errors.length) return { Status: '0', ErrorDetails: errors.map((m) => ({ ErrorCode: '5002', ErrorMessage: m })) };
    const gstin = p.SellerDtls.Gstin as string;
    const { Typ: typ, No: no, Dt: dt } = p.DocDtls as { Typ: string; No: string; Dt: string };
    const irn = crypto
      .createHash('sha256')
      .update(`${gstin}${fyOf(dt)}${typ}${no.toUpperCase()}`)
      .digest('hex');
    const known = documents.find((x) => x.irn === irn);
    if (known) {
      return refused('2150', 'Duplicate IRN', [
        { InfCd: 'DUPIRN', Desc: { AckNo: known.ackNo, AckDt: known.ackDt, Irn: known.irn } },
      ]);
    }
    const at = Date.now();
    const n = ++ackNo;
    const ackDt = irpTime(at);
    const items = p.ItemList as { HsnCd: string; AssAmt: number }[];
    const main = [...items].sort((a, b) => b.AssAmt - a.AssAmt)[0]?.HsnCd ?? '';
    const qr = {
      SellerGstin: gstin,
      BuyerGstin: p.BuyerDtls.Gstin,
      DocNo: no,
      DocTyp: typ,
      DocDt: dt,
      TotInvVal: p.ValDtls.TotInvVal,
      ItemCnt: items.length,
      MainHsnCode: main,
      Irn: irn,
      IrnDt: ackDt,
    };
    const doc: Doc = {
      gstin,
      typ,
      no,
      dt,
      irn,
      ackNo: n,
      ackDt,
      ackAt: at,
      signedInvoice: jwt({ AckNo: n, AckDt: ackDt, Irn: irn, ...p }),
      signedQr: jwt(qr),
      status: 'ACT',
      payload: p,
    };
    documents.push(doc);
    return { Status: '1', Data: details(doc) };
  }

  function cancel(p: Json): Answer {
    const doc = documents.find((x) => x.irn === p.Irn);
    if (!doc) return refused('2143', 'Invoice does not belong to the user GSTIN');
    if (!['1', '2', '3', '4'].includes(String(p.CnlRsn).trim())) return refused('5002', 'CnlRsn must be 1, 2, 3 or 4');
    if (doc.status === 'CNL') return refused('9999', 'Invoice is not active');
    if (Date.now() - doc.ackAt > 24 * 3600_000) return refused('2270', 'The allowed cancellation time limit is crossed');
    const refusal = cancelRefusals.shift();
    if (refusal) return { Status: '0', ErrorDetails: refusal.map((e) => ({ ErrorCode: e.code, ErrorMessage: e.message })) };
    doc.status = 'CNL';
    return { Status: '1', Data: { Irn: doc.irn, CancelDate: irpTime(Date.now()) } };
  }

  const server = http.createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://irp');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      // Not NIC's: for a process that waits for the stand-in to be up.
      if (req.method === 'GET' && url.pathname === '/healthz') return send(200, { ok: true });
      let body: Json = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return send(400, refused('5001', 'Invalid JSON'));
      }
      const h = req.headers;
      if (h.client_id !== creds.clientId || h.client_secret !== creds.clientSecret) {
        return send(200, refused('1004', 'Invalid Client-ID/Client-Secret'));
      }
      if (req.method === 'POST' && url.pathname === '/eivital/v1.03/auth') {
        requests.push({ method: 'POST', path: url.pathname, json: { UserName: body.UserName } });
        let password: string;
        let appKey: Buffer;
        try {
          password = rsaPkcs1Decrypt(privateKey, Buffer.from(String(body.Password), 'base64')).toString('utf8');
          appKey = rsaPkcs1Decrypt(privateKey, Buffer.from(String(body.AppKey), 'base64'));
        } catch {
          return send(200, refused('1006', 'Invalid data: the password or AppKey was not encrypted with the public key'));
        }
        if (body.UserName !== creds.username || password !== creds.password) {
          return send(200, refused('1001', 'Invalid username or password'));
        }
        if (appKey.length !== 32) return send(200, refused('1006', 'The AppKey must be 32 bytes'));
        const token = crypto.randomBytes(12).toString('base64url');
        const sek = crypto.randomBytes(32);
        sessions.set(token, sek);
        return send(200, {
          Status: '1',
          Data: {
            ClientId: creds.clientId,
            UserName: creds.username,
            AuthToken: token,
            Sek: aes(appKey, sek, true).toString('base64'),
            TokenExpiry: irpTime(Date.now() + 6 * 3600_000),
          },
        });
      }
      const sek = sessions.get(String(h.authtoken ?? ''));
      if (!sek || h.user_name !== creds.username || !GSTIN_RE.test(String(h.gstin ?? ''))) {
        return send(200, refused('1005', 'Invalid Token'));
      }
      const reply = (answer: Answer) =>
        send(200, {
          ...answer,
          Data: answer.Data === undefined ? null : aes(sek, Buffer.from(JSON.stringify(answer.Data)), true).toString('base64'),
        });
      let json: Json = {};
      if (req.method === 'POST') {
        try {
          json = JSON.parse(aes(sek, Buffer.from(String(body.Data), 'base64'), false).toString('utf8'));
        } catch {
          return send(200, refused('5001', 'The payload could not be decrypted with the session key'));
        }
      }
      requests.push({ method: req.method ?? '', path: url.pathname, ...(req.method === 'POST' ? { json } : {}) });
      if (req.method === 'POST' && url.pathname === '/eicore/v1.03/Invoice') {
        const refusal = refusals.shift();
        if (refusal)
          return reply({ Status: '0', ErrorDetails: refusal.map((e) => ({ ErrorCode: e.code, ErrorMessage: e.message })) });
        const answer = generate(json);
        if (json.SellerDtls?.Gstin !== h.gstin && answer.Status === '1') {
          documents.pop();
          return reply(refused('2172', 'The seller GSTIN is not that of the authenticated user'));
        }
        if (loseAnswers > 0 && answer.Status === '1') {
          loseAnswers--;
          req.socket.destroy();
          return;
        }
        return reply(answer);
      }
      if (req.method === 'GET' && url.pathname === '/eicore/v1.03/Invoice/irnbydocdetails') {
        const doc = documents.find(
          (x) =>
            x.typ === url.searchParams.get('doctype') &&
            x.no === url.searchParams.get('docnum') &&
            x.dt === url.searchParams.get('docdate') &&
            x.gstin === h.gstin,
        );
        return reply(doc ? { Status: '1', Data: details(doc) } : refused('2148', 'Requested IRN data is not available'));
      }
      if (req.method === 'POST' && url.pathname === '/eicore/v1.03/Invoice/Cancel') return reply(cancel(json));
      return send(404, refused('404', 'Not found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      EINVOICE_API_BASE: url,
      EINVOICE_USERNAME: creds.username,
      EINVOICE_PASSWORD: creds.password,
      EINVOICE_CLIENT_ID: creds.clientId,
      EINVOICE_CLIENT_SECRET: creds.clientSecret,
      EINVOICE_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    },
    signingKey: signing.publicKey,
    documents,
    requests,
    refuseNext: (...errors) => {
      refusals.push(errors);
    },
    refuseNextCancel: (...errors) => {
      cancelRefusals.push(errors);
    },
    loseNextAnswer: () => {
      loseAnswers++;
    },
    setDown: (d) => {
      down = d;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
