import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  Conflict,
  DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  NotSignedIn,
  PaymentServiceFailed,
  TooLarge,
  TooMany,
  Unavailable,
  UnsupportedType,
} from '../domain/errors.js';

/** The HTTP status each kind of failure a service reports is answered with. */
const DOMAIN_STATUS = new Map<abstract new (...args: never[]) => DomainError, number>([
  [InvalidInput, 400],
  [NotSignedIn, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [UnsupportedType, 415],
  [TooMany, 429],
  [PaymentServiceFailed, 502],
  [Unavailable, 503],
]);

/** The status of a service's failure: that of its kind, or of the nearest kind it is a special case of. */
function statusOf(err: DomainError): number {
  for (let kind = err.constructor; kind && kind !== DomainError; kind = Object.getPrototypeOf(kind)) {
    const status = DOMAIN_STATUS.get(kind as never);
    if (status) return status;
  }
  return 500;
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid Content-Length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body must not be empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_TYPE: [415, 'Missing content type'],
  FST_ERR_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Expected multipart/form-data'],
  FST_REQ_FILE_TOO_LARGE: [413, 'File is too large'],
  FST_FILES_LIMIT: [413, 'Too many files'],
  FST_FIELDS_LIMIT: [413, 'Too many fields'],
  FST_PARTS_LIMIT: [413, 'Too many parts'],
  FST_PROTO_VIOLATION: [400, 'Malformed request body'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field sent as JSON is not valid JSON'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Expected multipart/form-data'],
};

const MULTIPART_BROKEN =
  /^(Multipart: |Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot)/;

function zodPath(instancePath: string | undefined, params: Record<string, unknown> | undefined) {
  const fromInstance = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const issue = params?.issue as { path?: unknown[] } | undefined;
  if (issue?.path?.length) return issue.path.join('.');
  return fromInstance;
}

/**
 * Seconds a client is asked to wait (Retry-After) when the database has no connection free for its request.
 * @forTests the tests check the Retry-After an overloaded server sends
 */
export const OVERLOAD_RETRY_SECONDS = 2;

const POOL_WAIT_MESSAGES = /^(?:timeout exceeded when trying to connect|Connection terminated due to connection timeout)$/;

/**
 * The database could not take the request now, through no fault of the request: the pool's wait for a free
 * connection ran out (pg-pool), a new connection timed out, or PostgreSQL refused one (SQLSTATE class 53,
 * insufficient resources, such as 53300 too many connections; 57P03, starting up or shutting down). The error
 * may come wrapped by the query builder, so its causes are looked at too.
 * @forTests unit-tested with the pool error as the driver raises it and as drizzle wraps it
 */
export function isDatabaseOverloaded(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, code } = e as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && POOL_WAIT_MESSAGES.test(message)) return true;
    if (typeof code === 'string' && (/^53[0-9A-Z]{3}$/.test(code) || code === '57P03')) return true;
  }
  return false;
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const failure: unknown = err;
    if (failure instanceof DomainError) {
      if (failure instanceof TooMany && failure.retryAfterSeconds) reply.header('retry-after', String(failure.retryAfterSeconds));
      return reply
        .status(statusOf(failure))
        .send({ success: false, message: failure.message, ...(failure.errors ? { errors: failure.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: zodPath(v.instancePath, v.params as Record<string, unknown>) || err.validationContext || 'body',
        message: v.message ?? 'Invalid value',
      }));
      const first = errors[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
      return reply.status(400).send({ success: false, message, errors });
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped) return reply.status(mapped[0]).send({ success: false, message: mapped[1] });
    if (err.statusCode === 429) {
      return reply.status(429).send({ success: false, message: err.message || 'Too many requests. Please try again later.' });
    }
    if (err instanceof SyntaxError || err.statusCode === 400) {
      return reply.status(400).send({ success: false, message: 'Malformed request' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ success: false, message: err.message || 'Bad request' });
    }
    // The multipart parser (busboy) throws plain errors for a broken form: no boundary, a cut-off body.
    if (MULTIPART_BROKEN.test(err.message ?? '')) {
      return reply.status(400).send({ success: false, message: 'Malformed multipart/form-data body' });
    }
    // PostgreSQL "data exception" (class 22): a value the database cannot take, such as a NUL character in
    // text or a number out of range. It came in with the request, so it is the client's error.
    const sqlState = (err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      request.log.warn({ err }, 'input the database refused');
      return reply.status(400).send({ success: false, message: 'Invalid input' });
    }
    // Too many requests at once for the database's connections: the shopper is asked to try again shortly.
    if (isDatabaseOverloaded(err)) {
      request.log.warn({ err }, 'no database connection free in time');
      return reply
        .status(503)
        .header('retry-after', String(OVERLOAD_RETRY_SECONDS))
        .send({ success: false, message: 'The shop is very busy right now. Please try again in a moment.' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Internal server error' });
  });
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADERS_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Answers a request the HTTP parser refused before Fastify saw it (malformed, headers too large, too slow) in
 * the API's error shape, then closes the connection.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Malformed request'];
  const body = JSON.stringify({ success: false, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
