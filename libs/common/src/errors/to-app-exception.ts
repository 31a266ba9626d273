import { HttpException } from '@nestjs/common';
import { AppException } from './app-exception';
import { ErrorCode } from './error-codes';

/** Error codes of `pg`/PGlite and Node sockets that mean "the database cannot be reached right now". */
const DB_UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[1-3]|53300)$/;
const NETWORK_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const DB_UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|Driver not Connected|connection provided by a query runner was already released/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, driverError } = error as Error & { code?: unknown; driverError?: unknown };
  if (typeof code === 'string' && (DB_UNAVAILABLE_SQLSTATE.test(code) || NETWORK_ERRNO.has(code))) return true;
  if (DB_UNAVAILABLE_MESSAGE.test(error.message)) return true;
  return driverError !== undefined && driverError !== error && isDatabaseUnavailable(driverError);
}

/**
 * A statement the database cancelled: its `statement_timeout` (10 s, the data source's setting) passed, e.g. an
 * analytics query over a range too large for one request. Not a programming error: the caller can ask for less.
 */
export function isStatementTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, driverError } = error as Error & { code?: unknown; driverError?: unknown };
  if (code === '57014') return true;
  return driverError !== undefined && driverError !== error && isStatementTimeout(driverError);
}

/** Body-parser (raw-body) error types, by their `type` property. */
const BODY_PARSER_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  'entity.parse.failed': { code: 'invalid_json', message: 'The request body is not valid JSON' },
  'entity.too.large': { code: 'payload_too_large', message: 'The request body is larger than the limit' },
  'encoding.unsupported': { code: 'unsupported_media_type', message: 'The request body encoding is not supported' },
  'charset.unsupported': { code: 'unsupported_media_type', message: 'The request body charset is not supported' },
  'request.size.invalid': { code: 'invalid_request', message: 'The request body does not match its Content-Length' },
  'request.aborted': { code: 'invalid_request', message: 'The request was aborted by the client' },
  'stream.encoding.set': { code: 'internal_error', message: 'Internal server error' },
};

const HTTP_STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'missing_credentials',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * Turns anything thrown during a request into an `AppException`. Unknown errors become `internal_error`
 * with a generic message: their text (SQL, stack, configuration) never reaches the client.
 */
export function toAppException(error: unknown): AppException {
  if (error instanceof AppException) return error;
  const bodyParserType = (error as { type?: unknown })?.type;
  if (typeof bodyParserType === 'string' && BODY_PARSER_ERRORS[bodyParserType]) {
    const { code, message } = BODY_PARSER_ERRORS[bodyParserType];
    return new AppException(code, message);
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = HTTP_STATUS_CODES[status] ?? (status >= 500 ? 'internal_error' : 'invalid_request');
    if (status === 503) {
      return new AppException('unavailable', 'The service is temporarily unavailable, try again shortly', {
        retryAfterSeconds: 5,
      });
    }
    const message = status === 404 ? 'No such route' : status >= 500 ? 'Internal server error' : error.message;
    return new AppException(code, message);
  }
  if (isDatabaseUnavailable(error)) {
    return new AppException('unavailable', 'The service is temporarily unavailable, try again shortly', {
      retryAfterSeconds: 5,
    });
  }
  if (isStatementTimeout(error)) {
    return new AppException(
      'unavailable',
      'The query took longer than the database allows; ask for a shorter range or fewer groups, or try again later',
      { retryAfterSeconds: 30 },
    );
  }
  return new AppException('internal_error', 'Internal server error');
}
