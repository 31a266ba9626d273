import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { AppException } from '../errors/app-exception';
import { sendError } from '../errors/send-error';
import { toAppException } from '../errors/to-app-exception';
import { exceedsJsonDepth } from './json-depth';
import { requestIdOf } from './request-id';

export interface BodyParsingOptions {
  limitBytes: number;
  maxDepth: number;
}

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json$/i;

/** Whether a `Content-Type` header names JSON (`application/json`, `application/<x>+json`), any parameters aside. */
export function isJsonContentType(header: string | undefined): boolean {
  return JSON_TYPE.test((header ?? '').split(';')[0].trim());
}

/** The 400 for a body nested deeper than `maxDepth`. */
export function tooDeepException(maxDepth: number): AppException {
  return new AppException('invalid_json', `The JSON body is nested deeper than ${maxDepth} levels`);
}

function hasBody(req: express.Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** 415 for a request body that is not JSON: the API speaks JSON only. */
const requireJson: RequestHandler = (req, _res, next) => {
  if (!hasBody(req)) return next();
  if (isJsonContentType(req.headers['content-type'])) return next();
  next(new AppException('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json'));
};

/**
 * What a body-parser failure means for the client. Besides its typed errors (`toAppException` maps those),
 * body-parser reports a body it could not read as an untyped 400: a compressed body that does not
 * decompress (bad or truncated gzip/deflate/br data) or a request stream that broke. Bad input: never a 500.
 */
function parserError(error: unknown, req: express.Request): AppException {
  const exception = toAppException(error);
  if (exception.code !== 'internal_error' || (error as { status?: unknown })?.status !== 400) return exception;
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  return new AppException(
    'invalid_request',
    encoding === 'identity'
      ? 'The request body could not be read'
      : `The request body could not be decompressed: it is not valid ${encoding} data`,
  );
}

/**
 * The request-body pipeline, registered before any route: JSON only; `Content-Encoding` gzip, deflate and br
 * are decompressed and the size limit applies to the decompressed bytes (decompression stops at the limit, so
 * a small "zip bomb" costs at most `limitBytes` of memory); nesting depth checked before any validation runs. Its own error handler answers parser failures in
 * the contract's envelope (they happen before Nest's exception filters can see them).
 */
export function bodyParsing(options: BodyParsingOptions): Array<RequestHandler | ErrorRequestHandler> {
  const parseJson = express.json({ limit: options.limitBytes, strict: false, type: () => true });
  const checkDepth: RequestHandler = (req, _res, next) => {
    if (exceedsJsonDepth(req.body, options.maxDepth)) {
      return next(tooDeepException(options.maxDepth));
    }
    next();
  };
  const answerParserErrors: ErrorRequestHandler = (error, req, res, _next) => {
    sendError(res, parserError(error, req), requestIdOf(req));
  };
  return [requireJson, parseJson, checkDepth, answerParserErrors];
}
