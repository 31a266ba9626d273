import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { AppException, sendError, toAppException } from '@app/common';
import { type JsonLimits, jsonBodyProblem, queryProblem } from './request-input';
import { requestIdOf } from './request-id';

export interface BodyParsingOptions extends JsonLimits {
  limitBytes: number;
  /**
   * Told about every request this pipeline refuses, before the answer is sent (the login route counts a
   * refused login as a failed one). Its own failures are ignored: the refusal is answered all the same.
   */
  onRefused?: (req: express.Request, refusal: AppException) => Promise<void> | void;
  /**
   * Requests whose body the route reads itself, as a stream (a report upload: `text/csv`): neither refused for
   * not being JSON nor parsed here. The route bounds what it reads.
   */
  streamedBody?: (req: express.Request) => boolean;
}

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json$/i;

/** Whether a `Content-Type` header names JSON (`application/json`, `application/<x>+json`), any parameters aside. */
export function isJsonContentType(header: string | undefined): boolean {
  return JSON_TYPE.test((header ?? '').split(';')[0].trim());
}

function hasBody(req: express.Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** 415 for a request body that is not JSON: the API speaks JSON only (streamed uploads aside). */
function notJson(req: express.Request): AppException | null {
  if (!hasBody(req) || isJsonContentType(req.headers['content-type'])) return null;
  return new AppException(
    'unsupported_media_type',
    'Send the request body as JSON with Content-Type: application/json',
  );
}

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
 * The request-input pipeline, registered before any route, the one place where every request's input is
 * checked before anything walks it: JSON bodies only; `Content-Encoding` gzip, deflate and br are
 * decompressed and the size limit applies to the decompressed bytes (decompression stops at the limit, so a
 * small "zip bomb" costs at most `limitBytes` of memory); then one walk over the parsed body (`jsonBodyProblem`:
 * nesting depth, count of keys and array elements, U+0000 and lone surrogates in any key or string) and over
 * the query string (`queryProblem`: secret-bearing names, U+0000 and lone surrogates), before class-transformer,
 * validation or a guard sees them. Its own error handler answers these refusals in the contract's envelope
 * (they happen before Nest's exception filters can see them).
 */
export function bodyParsing(options: BodyParsingOptions): Array<RequestHandler | ErrorRequestHandler> {
  const streamed = options.streamedBody ?? (() => false);
  const json = express.json({ limit: options.limitBytes, strict: false, type: () => true });
  const checkInput = (req: express.Request, next: express.NextFunction) => {
    const problem = queryProblem(req.query) ?? (req.body === undefined ? null : jsonBodyProblem(req.body, options));
    next(problem ?? undefined);
  };
  // One router layer: JSON only, parsed, then checked (a streamed body is neither refused nor parsed here).
  const parseAndCheck: RequestHandler = (req, res, next) => {
    if (streamed(req)) return checkInput(req, next);
    const refusal = notJson(req);
    if (refusal) return next(refusal);
    json(req, res, (error?: unknown) => (error ? next(error) : checkInput(req, next)));
  };
  const answerRefusals: ErrorRequestHandler = (error, req, res, _next) => {
    const refusal = parserError(error, req);
    const send = () => sendError(res, refusal, requestIdOf(req));
    if (!options.onRefused) return send();
    Promise.resolve()
      .then(() => options.onRefused!(req, refusal))
      .then(send, send);
  };
  return [parseAndCheck, answerRefusals];
}
