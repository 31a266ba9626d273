import type { DynamicModule } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { pino, stdSerializers, type DestinationStream, type Logger as PinoInstance, type LoggerOptions } from 'pino';
import { pinoHttp, type HttpLogger, type Options } from 'pino-http';
import pinoPretty from 'pino-pretty';
import { commonConfig, CommonConfig } from '../common.config';
import { redactUrl } from './secret-query';
import { FAILURE_CODE } from '../errors/send-error';

export { redactUrl };

/** Header and body paths whose values never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers["x-api-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.api_key',
  '*.api_token',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.token',
  '*.secret',
  '*.csrf_token',
  '*.passwordHash',
  '*.password_hash',
];

/**
 * Errors as pino's standard serializer writes them (an infrastructure failure as its class, code and message),
 * minus the SQL parameters a TypeORM `QueryFailedError`
 * carries (they can hold password hashes, session data or encrypted settings). pino-http hands this function
 * the already serialized error (a plain object), so both shapes are handled.
 */
export function serializeError(error: unknown): unknown {
  if (error === null || typeof error !== 'object') return error;
  const serialized = {
    ...(error instanceof Error ? (stdSerializers.err(error) as unknown as Record<string, unknown>) : error),
  } as Record<string, unknown>;
  // An infrastructure failure (`failureOf`): its class, code and message, no stack.
  if (serialized.infrastructure === true) {
    return { type: serialized.errorClass, code: serialized.code, message: serialized.message };
  }
  delete serialized.parameters;
  const driverError = serialized.driverError;
  if (driverError && typeof driverError === 'object') {
    const { parameters: _dropped, ...rest } = driverError as Record<string, unknown>;
    serialized.driverError = rest;
  }
  return serialized;
}

/** pino-http options (on top of the root logger's): one access line per request, with the request id. */
export function pinoHttpOptions(): Options {
  return {
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id ?? 'unknown',
    // The serializers below read the request and response themselves: pino-http's wrappers would first build
    // pino's standard request object (headers, query parsed, params) on every request, for four fields.
    wrapSerializers: false,
    serializers: {
      err: serializeError,
      // Lean access lines (no header dump): serializing every header of every request and response cost
      // more than a tenth of a convert call's CPU time, and headers are where secrets travel.
      req: (req: IncomingMessage & { id?: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.originalUrl ?? req.url),
        remoteAddress: req.socket?.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req: IncomingMessage, res: { statusCode: number }, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // A failed request has this one line: the error the app put on the response (`sendError`), a stack only
    // for a programming error. pino-http would otherwise make up an error, stack and all, for any 5xx.
    customErrorMessage: (_req: IncomingMessage, res: { statusCode: number; [FAILURE_CODE]?: string }) =>
      `Request failed: ${res[FAILURE_CODE] ?? res.statusCode}`,
  };
}

/**
 * The app's loggers: `root` (JSON lines, secrets redacted) for everything the app logs, and `middleware`
 * (pino-http) that writes the access line of a request, to the same destination. The access line is built
 * only from the whitelisted fields of `pinoHttpOptions` (no header, no body, secret query values replaced),
 * so it needs no wildcard redaction pass, which would cost every request a walk over the line. The access log is
 * applied first on every request, by Express (`configureApp`) and by the paths answered in front of it, so
 * every answer, a body the parser refuses included, has its line.
 */
export class AccessLog {
  readonly root: PinoInstance;
  readonly middleware: HttpLogger;

  constructor(level: string, destination?: DestinationStream) {
    // By default stdout, written asynchronously: the lines written while a write is under way go out together in
    // the next one (one system call for many lines under load, each line at once when idle), and what is left is
    // written before the process exits. pino's default (a synchronous write per line) cost a convert call about
    // 4 % of its CPU (profiled).
    const out = destination ?? pino.destination({ dest: 1, sync: false });
    const logger = (options: LoggerOptions) => pino(options, out);
    const serializers = { err: serializeError };
    this.root = logger({ level, serializers, redact: { paths: REDACTED_PATHS, censor: '[Redacted]' } });
    // Errors logged on a request's logger (`req.log`) keep their secret fields redacted: exact paths under
    // `err`, cheap to check on a line that has none.
    const errPaths = REDACTED_PATHS.filter((path) => path.startsWith('*.')).map((path) => `err${path.slice(1)}`);
    const access = logger({ level, serializers, redact: { paths: errPaths, censor: '[Redacted]' } });
    this.middleware = pinoHttp({ ...pinoHttpOptions(), logger: access });
  }
}

/**
 * Where log lines go when no destination is given: JSON lines on stdout (what log collectors read), or, with
 * `LOG_FORMAT=pretty` or unset on a terminal (`npm start` in development), pino-pretty's readable lines.
 */
export function stdoutLogDestination(
  format: CommonConfig['LOG_FORMAT'],
  stdout: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): DestinationStream | undefined {
  const pretty = format === 'pretty' || (format === undefined && stdout.isTTY === true);
  if (!pretty) return undefined;
  return pinoPretty({ colorize: stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', destination: stdout });
}

/**
 * Structured JSON logs (nestjs-pino) for the whole app, to stdout, or to `destination` when given (tests
 * capture the log lines that way to check that no secret reaches them). nestjs-pino only binds each
 * request's logger (`useExisting`): the access line is `AccessLog`'s.
 */
export function loggerModule(destination?: DestinationStream): DynamicModule {
  return LoggerModule.forRootAsync({
    providers: [
      {
        provide: AccessLog,
        inject: [commonConfig.KEY],
        useFactory: (config: CommonConfig) =>
          new AccessLog(config.LOG_LEVEL, destination ?? stdoutLogDestination(config.LOG_FORMAT)),
      },
    ],
    inject: [AccessLog],
    useFactory: (log: AccessLog) => ({ pinoHttp: { logger: log.root }, useExisting: true, forRoutes: [] }),
  });
}
