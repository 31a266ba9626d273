import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  StreamableFile,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock, PeriodicUntilShutdown } from '@app/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

interface Stored {
  request_hash: string;
  state: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Date;
}

/**
 * `Idempotency-Key` on a creating route: the first request with a key runs, and its answer (2xx) is kept for
 * 24 hours per member; the same key with the same request again gets that answer replayed (`Idempotent-Replayed:
 * true`) and runs nothing; with another request, 422 `idempotency_key_reused`; while the first is still running,
 * 409 `conflict` (retry later). A failed first request keeps nothing: the key may be used again.
 *
 * The request is the method, path, query and JSON body; for an upload (a streamed body), its type, encoding and
 * the SHA-256 of its bytes (`contentHash`: the route spools the body with `spoolBody` first), so another file of
 * the same name and size is another request.
 */
@Injectable()
export class Idempotency extends PeriodicUntilShutdown {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    scheduler: SchedulerRegistry,
  ) {
    // Keys past their 24 hours are deleted every 10 minutes: the table holds one day of keys at most.
    super(scheduler, 'idempotency-prune', 600_000);
  }

  protected runPeriodically(): Promise<void> {
    return this.prune();
  }

  /** Deletes the keys older than 24 hours. */
  async prune(): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE created_at <= $1`, [
      new Date(this.clock.now().getTime() - IDEMPOTENCY_TTL_MS),
    ]);
  }

  /** Whether the request carries `Idempotency-Key` (the only work a request without one sees). */
  static wanted(req: Request): boolean {
    return req.headers['idempotency-key'] !== undefined;
  }

  /**
   * Runs `handler` once per (member, key, request) and replays its answer; see the class. `contentHash`: the
   * SHA-256 of a streamed body (`spoolBody`), which the route read before.
   */
  async run(req: Request, res: Response, handler: () => Promise<unknown>, contentHash?: string): Promise<unknown> {
    const key = String(req.headers['idempotency-key']);
    if (!KEY_SHAPE.test(key)) {
      throw new AppException('invalid_request', 'Idempotency-Key must be 1 to 255 visible ASCII characters', {
        field: 'Idempotency-Key',
      });
    }
    const memberId = memberOf(req);
    const hash = requestHash(req, contentHash);
    const now = this.clock.now();
    const claimed: unknown[] = await this.db.query(
      `INSERT INTO idempotency_keys (member_id, key, request_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (member_id, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, state = 'pending',
              status_code = NULL, content_type = NULL, body = NULL, created_at = EXCLUDED.created_at
        WHERE idempotency_keys.created_at <= $5
       RETURNING key`,
      [memberId, key, hash, now, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)],
    );
    if (claimed.length === 0) return this.replay(memberId, key, hash, res);
    try {
      let answer = await handler();
      let body: string;
      if (answer instanceof StreamableFile) {
        // A large convert answer, serialised as a stream of bytes: kept whole, and sent from the copy.
        const bytes = await buffer(answer.getStream());
        body = bytes.toString('utf8');
        answer = new StreamableFile(bytes, answer.getHeaders() as ConstructorParameters<typeof StreamableFile>[1]);
      } else {
        body = typeof answer === 'string' ? answer : JSON.stringify(answer ?? null);
      }
      await this.db.query(
        `UPDATE idempotency_keys SET state = 'done', status_code = $3, content_type = $4, body = $5
          WHERE member_id = $1 AND key = $2`,
        [memberId, key, res.statusCode, isJson(body) ? 'json' : 'text', body],
      );
      return answer;
    } catch (error) {
      await this.db.query(`DELETE FROM idempotency_keys WHERE member_id = $1 AND key = $2`, [memberId, key]);
      throw error;
    }
  }

  private async replay(memberId: string, key: string, hash: string, res: Response): Promise<unknown> {
    const rows: Stored[] = await this.db.query(
      `SELECT request_hash, state, status_code, content_type, body, created_at FROM idempotency_keys
        WHERE member_id = $1 AND key = $2`,
      [memberId, key],
    );
    const stored = rows[0];
    if (!stored) throw new AppException('conflict', 'A request with this Idempotency-Key is under way; retry later');
    if (stored.request_hash !== hash) {
      throw new AppException(
        'idempotency_key_reused',
        'This Idempotency-Key was used with another request; use a new key for a new request',
      );
    }
    if (stored.state !== 'done') {
      throw new AppException('conflict', 'A request with this Idempotency-Key is under way; retry later');
    }
    res.status(stored.status_code ?? 200);
    res.setHeader('Idempotent-Replayed', 'true');
    return stored.content_type === 'json' ? JSON.parse(stored.body ?? 'null') : stored.body;
  }
}

/** `@Idempotent()`'s interceptor: `Idempotency` around the route's handler when the header is sent. */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: Idempotency) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!Idempotency.wanted(req)) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return from(this.idempotency.run(req, res, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function memberOf(req: Request): string {
  const withCaller = req as Request & { principal?: { memberId: string }; member?: { id: string } };
  const memberId = withCaller.principal?.memberId ?? withCaller.member?.id;
  if (!memberId) throw new AppException('unauthenticated', 'Log in first');
  return memberId;
}

function requestHash(req: Request, contentHash: string | undefined): string {
  // A body is keyed by its bytes (an upload's hash from the route, which spooled it: `spoolBody`), a JSON body by
  // itself; a body not read (none) by nothing.
  const bytesHash =
    contentHash ?? (Buffer.isBuffer(req.body) ? createHash('sha256').update(req.body).digest('hex') : undefined);
  const content =
    bytesHash !== undefined
      ? `${req.headers['content-type'] ?? ''}|${req.headers['content-encoding'] ?? ''}|sha256:${bytesHash}`
      : req.body === undefined
        ? ''
        : JSON.stringify(req.body);
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${content}`).digest('hex');
}

/** The OpenAPI side of `Idempotency-Key` (a route that calls `Idempotency.run` itself names it with this). */
export const IdempotencyKeyHeader = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Up to 255 visible ASCII characters: the same key and request within 24 hours replays the first answer; ' +
      'another request with it is 422 `idempotency_key_reused`; while the first runs, 409 `conflict`',
  });

/** The route takes `Idempotency-Key` (docs/api.md, "Idempotent writes"). */
export const Idempotent = () => applyDecorators(UseInterceptors(IdempotencyInterceptor), IdempotencyKeyHeader());
