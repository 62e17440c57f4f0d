import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

/** A real SMTP server (smtp-server) that keeps every mail it accepts, parsed (mailparser). */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  /** SMTP reply codes to refuse the next mails with (e.g. 451 then nothing = accept). */
  const refusals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const code = refusals.shift();
          if (code) {
            const err = new Error(`refused with ${code}`) as Error & { responseCode: number };
            err.responseCode = code;
            return callback(err);
          }
          mails.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/** A local HTTP stand-in for a provider's API: records requests, answers 200 unless told otherwise. */
export async function startHttpStandin(okBody: object = { type: 'success', message: 'queued' }) {
  const requests: RecordedRequest[] = [];
  /** Statuses for the next requests, in order; then 200. */
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        // recorded as {}
      }
      const status = statuses.shift() ?? 200;
      if (status === 200) requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? okBody : { error: { message: `stand-in answered ${status}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    statuses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
