import { type CanActivate, ForbiddenException, type PipeTransform } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiThrottlerGuard, IpBanGuard } from '@app/abuse';
import {
  AccessLog,
  AppConfig,
  exceedsJsonDepth,
  isJsonContentType,
  requestIdMiddleware,
  sendErrorFor,
  ShutdownState,
  tooDeepException,
} from '@app/common';
import { setRouteLabel } from '@app/metrics';
import { ConvertRequestDto } from '@app/conversion';
import { ApiCredentialsGuard, type AuthenticatedRequest } from '@app/credentials';
import type { Express, Request, Response } from 'express';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { validationPipe } from '../validation';
import { ConvertController } from './convert.controller';

type Next = () => void;

const CONVERT_PATH = '/api/convert';
const UTF8_CHARSET = /;\s*charset\s*=\s*"?utf-?8"?\s*(;|$)/i;

/**
 * The security headers `helmet()` sets, worked out once (they are the same on every answer), so the fast
 * path sends exactly what the Express path sends without running helmet's dozen middlewares per call.
 */
export function precomputedHeaders(middleware: (req: never, res: never, next: Next) => void): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  middleware({ headers: {}, method: 'POST', url: CONVERT_PATH } as never, res as never, () => undefined);
  return [...headers];
}

/** What the Express path would answer for a body that could not be read (same mapping as body-parser's errors). */
function bodyError(type: string): Error {
  return Object.assign(new Error(type), { type });
}

function readBody(req: IncomingMessage, expectedBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    req.on('end', () =>
      received === expectedBytes ? resolve(Buffer.concat(chunks, received)) : reject(bodyError('request.size.invalid')),
    );
    req.on('aborted', () => reject(bodyError('request.aborted')));
    req.on('error', reject);
  });
}

function parseJson(body: Buffer): unknown {
  let text = body.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch {
    throw bodyError('entity.parse.failed');
  }
}

/**
 * `POST /api/convert`, answered in front of Express and Nest's router for the calls partners make all day:
 * header credentials, a JSON body with a Content-Length within the limit, no compression, no query string.
 * It runs the same units as the Nest route, in the same order: request id, access line, helmet's headers,
 * the body checks (size, JSON, nesting depth), the route's guards (`IpBanGuard`, `ApiCredentialsGuard`,
 * `ApiThrottlerGuard`, through a Nest execution context, so their metadata look-ups are the route's), the
 * global `ValidationPipe`, `ConvertController.convert`, and the global filter's mapping of errors, on
 * Express's own request and response objects. It leaves out what costs time and does nothing for these calls:
 * Express's middleware stack and router, body-parser's stream machinery, and Nest's router, pipeline and
 * per-request async context. Anything else (body credentials with their `Deprecation` header, a query
 * string, gzip, chunked bodies, other charsets, other routes, a shutting-down instance) goes to Express as
 * before, untouched: the choice is made on the request line and headers, before the body is read.
 */
export class ConvertFastPath {
  private readonly express: Express;
  private readonly accessLog: AccessLog['middleware'];
  private readonly guards: CanActivate[];
  private readonly pipe: PipeTransform;
  private readonly controller: ConvertController;
  private readonly securityHeaders: Array<[string, string]>;
  private readonly limitBytes: number;
  private readonly maxDepth: number;

  private readonly shutdown: ShutdownState;

  constructor(app: NestExpressApplication, config: AppConfig) {
    this.shutdown = app.get(ShutdownState, { strict: false });
    this.express = app.getHttpAdapter().getInstance() as Express;
    this.accessLog = app.get(AccessLog).middleware;
    this.guards = [app.get(IpBanGuard), app.get(ApiCredentialsGuard), app.get(ApiThrottlerGuard)];
    this.pipe = validationPipe();
    this.controller = app.get(ConvertController);
    this.securityHeaders = precomputedHeaders(helmet());
    this.limitBytes = config.BODY_LIMIT_BYTES;
    this.maxDepth = config.JSON_MAX_DEPTH;
  }

  /** Whether this request is one the fast path answers (decided without reading the body). */
  accepts(req: IncomingMessage): boolean {
    if (req.method !== 'POST' || req.url !== CONVERT_PATH || this.shutdown.closing) return false;
    const headers = req.headers;
    if (headers['x-api-key'] === undefined && headers['x-api-token'] === undefined) return false;
    const type = headers['content-type'];
    if (!isJsonContentType(type) || (/charset/i.test(type!) && !UTF8_CHARSET.test(type!))) return false;
    const encoding = headers['content-encoding'];
    if (
      (encoding !== undefined && encoding.toLowerCase() !== 'identity') ||
      headers['transfer-encoding'] !== undefined
    ) {
      return false;
    }
    const length = Number(headers['content-length']);
    return Number.isInteger(length) && length > 0 && length <= this.limitBytes;
  }

  /** The middleware (`serveFirst`): answers the requests it accepts, passes the others on. */
  readonly middleware = (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    if (!this.accepts(req)) return next();
    setRouteLabel(req, CONVERT_PATH);
    void this.answer(this.asExpress(req, res));
  };

  /** What Express does to every request before its middleware: its request and response prototypes. */
  private asExpress(rawReq: IncomingMessage, rawRes: ServerResponse): { req: Request; res: Response } {
    const req = rawReq as Request;
    const res = rawRes as Response;
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, this.express.request);
    Object.setPrototypeOf(res, this.express.response);
    res.locals = Object.create(null) as Response['locals'];
    return { req, res };
  }

  private async answer({ req, res }: { req: Request; res: Response }): Promise<void> {
    requestIdMiddleware(req, res, () => undefined);
    this.accessLog(req, res);
    for (const [name, value] of this.securityHeaders) res.setHeader(name, value);
    try {
      const body = parseJson(await readBody(req, Number(req.headers['content-length'])));
      if (exceedsJsonDepth(body, this.maxDepth)) throw tooDeepException(this.maxDepth);
      req.body = body;
      const context = new ExecutionContextHost([req, res, () => undefined], ConvertController, this.controller.convert);
      context.setType('http');
      for (const guard of this.guards) {
        if (!(await guard.canActivate(context))) throw new ForbiddenException('Forbidden resource');
      }
      const dto = (await this.pipe.transform(body, { type: 'body', metatype: ConvertRequestDto })) as ConvertRequestDto;
      const result = await this.controller.convert(req as AuthenticatedRequest, dto);
      // What `res.json` sends (same headers; no ETag: the app disables it), written as one string so the
      // headers and the body leave in one write.
      const json = JSON.stringify(result);
      res.statusCode = 200;
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(json));
      res.end(json);
    } catch (error) {
      sendErrorFor(req, res, error);
    }
  }
}
