import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock, PeriodicTask, clientAddress } from '@app/common';
import { ipKeyOf } from '../ip-key';
import { Metrics } from '@app/metrics';
import type { DataSource, QueryDeepPartialEntity } from 'typeorm';
import type { AbuseEventType } from '../abuse.constants';
import { AbuseEvent } from './abuse-event.entity';
import { abuseConfig, AbuseConfig } from '../abuse.config';

/** What to record. Give `ip` as the client address (`req.ip`); it is stored as its abuse key. */
export interface AbuseEventInput {
  type: AbuseEventType;
  /** The client address as Express gives it (`req.ip`, which honours TRUST_PROXY). */
  ip?: string | null;
  /** An abuse key already computed (IPv4 or IPv6 /64), instead of `ip`. */
  ipKey?: string | null;
  memberId?: string | null;
  /** `sk_AbCd…wXyZ`; anything else is dropped. */
  keyPreview?: string | null;
  detail?: Record<string, unknown>;
}

export type EventRow = Omit<AbuseEvent, 'id'>;

/** Rows per INSERT. */
export const EVENT_BATCH_SIZE = 500;
/** Rows kept in memory while the database is unreachable; beyond it the oldest are dropped (and counted). */
export const MAX_BUFFERED_EVENTS = 100_000;

const KEY_PREVIEW_SHAPE = /^sk_[0-9A-Za-z]{4}…[0-9A-Za-z]{4}$/;
const SECRET_LIKE = /\b(?:sk|tok)_[0-9A-Za-z]{8,}/g;
const MAX_DETAIL_STRING = 500;
const NUL = /\u0000/g;

/** `value` without NUL characters, which Postgres refuses in text and in jsonb (`\u0000`). */
export function withoutNul(value: string): string {
  return value.replace(NUL, '');
}

function cleanText(value: string | null | undefined): string | null {
  return value === undefined || value === null ? null : withoutNul(value);
}

/**
 * A copy of `detail` with NUL characters dropped (keys too), long strings cut and anything shaped like a key
 * or token masked (after the NULs are gone, so a NUL inside a token cannot hide it).
 */
export function sanitizeDetail(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return withoutNul(value).slice(0, MAX_DETAIL_STRING).replace(SECRET_LIKE, '[redacted]');
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (depth >= 4) return '[truncated]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => sanitizeDetail(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, 50)) {
    const clean = sanitizeDetail(item, depth + 1);
    if (clean !== undefined) out[withoutNul(key).slice(0, 64)] = clean;
  }
  return out;
}

/** The storage edge of the event log (a repository insert), so the buffer can be tested with a fake. */
export abstract class AbuseEventWriter {
  /** Whether writes can still be attempted (false once the database connection is closed). */
  abstract readonly available: boolean;
  abstract insert(rows: EventRow[]): Promise<void>;
}

export class TypeOrmAbuseEventWriter extends AbuseEventWriter {
  constructor(private readonly db: DataSource) {
    super();
  }

  get available(): boolean {
    return this.db.isInitialized;
  }

  async insert(rows: EventRow[]): Promise<void> {
    await this.db.getRepository(AbuseEvent).insert(rows as QueryDeepPartialEntity<AbuseEvent>[]);
  }
}

/**
 * The abuse log's writer. `record()` only appends to an in-process buffer (never awaits, never throws), so
 * logging stays off the request's critical path. The buffer is written in batches every
 * ABUSE_EVENTS_FLUSH_INTERVAL_MS (and at once when a batch is full); a write that fails because the database
 * is unreachable keeps the rows and the next flush retries them, while a row Postgres itself rejects is found
 * by splitting the batch and skipped (logged without its content), and shutdown writes what is left before the
 * database connection closes.
 * Other modules record their own events here (`login_failed`, `credential_regenerated`).
 */
@Injectable()
export class AbuseEvents implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(AbuseEvents.name);
  private buffer: EventRow[] = [];
  private inFlight: Promise<boolean> | null = null;
  private readonly flusher: PeriodicTask;
  private dropped = 0;
  private rejected = 0;

  constructor(
    private readonly writer: AbuseEventWriter,
    private readonly clock: Clock,
    @Inject(abuseConfig.KEY) config: AbuseConfig,
    scheduler: SchedulerRegistry,
    @Optional() private readonly metrics?: Metrics,
  ) {
    metrics?.watchBuffer('abuse_events', () => this.buffer.length);
    this.flusher = new PeriodicTask(scheduler, {
      name: 'abuse-events-flush',
      everyMs: config.ABUSE_EVENTS_FLUSH_INTERVAL_MS,
      run: () => this.flush(),
      logger: this.logger,
    });
  }

  /** Rows waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  onApplicationBootstrap(): void {
    this.flusher.start();
  }

  record(input: AbuseEventInput): void {
    this.count(input);
    try {
      const address = clientAddress(input.ip ?? undefined);
      const ipKey = cleanText(input.ipKey ?? (input.ip !== undefined && input.ip !== null ? ipKeyOf(input.ip) : null));
      const detail = (sanitizeDetail(input.detail ?? {}) ?? {}) as Record<string, unknown>;
      // The exact address, when the key groups several (an IPv6 /64).
      if (address && ipKey !== address.toString()) detail.address = address.toString();
      this.push({
        type: withoutNul(input.type) as AbuseEventType,
        ip: ipKey,
        memberId: cleanText(input.memberId),
        keyPreview: input.keyPreview && KEY_PREVIEW_SHAPE.test(input.keyPreview) ? input.keyPreview : null,
        detail,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      this.logger.warn(`Could not record an abuse event: ${(error as Error).message}`);
    }
  }

  /**
   * Writes everything buffered so far (waiting for a flush already under way). Resolves to false when a
   * write failed; the rows stay buffered for the next flush.
   */
  async flush(): Promise<boolean> {
    while (this.inFlight) await this.inFlight;
    if (this.buffer.length === 0) return true;
    this.inFlight = this.writeAll();
    try {
      return await this.inFlight;
    } finally {
      this.inFlight = null;
    }
  }

  /** Before the HTTP server and the database close: stop the periodic flush and write what is left. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flusher.stop();
    await this.flush();
  }

  /** Events recorded by requests that finished while the server was closing, if the database is still open. */
  async onApplicationShutdown(): Promise<void> {
    if (this.buffer.length > 0 && this.writer.available) await this.flush();
    if (this.buffer.length > 0) {
      this.logger.error(`${this.buffer.length} abuse events could not be written before shutdown`);
    }
  }

  /**
   * The abuse counters of `/metrics`, here because every wrong attempt and ban is recorded here once:
   * `linkconv_auth_failures_total{kind}`, `linkconv_ip_bans_total`. (`linkconv_rate_limited_total{policy}` counts every
   * 429 in `ApiThrottlerGuard`: the log keeps one `rate_limited` event per window.)
   */
  private count(input: AbuseEventInput): void {
    if (!this.metrics) return;
    switch (input.type) {
      case 'auth_failed':
        this.metrics.authFailures.inc({ kind: 'api' });
        break;
      case 'login_failed':
        this.metrics.authFailures.inc({ kind: 'login' });
        break;
      case 'ip_banned':
        this.metrics.ipBans.inc();
        break;
    }
  }

  private push(row: EventRow): void {
    this.buffer.push(row);
    this.trimOverflow();
    if (this.buffer.length >= EVENT_BATCH_SIZE && !this.inFlight) void this.flush();
  }

  private trimOverflow(): void {
    const excess = this.buffer.length - MAX_BUFFERED_EVENTS;
    if (excess <= 0) return;
    this.buffer.splice(0, excess);
    this.dropped += excess;
    this.logger.error(`Abuse event buffer full: dropped the ${excess} oldest events (${this.dropped} in all)`);
  }

  private async writeAll(): Promise<boolean> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, EVENT_BATCH_SIZE);
      const progress: WriteProgress = { done: 0, rejected: [] };
      try {
        await this.insertSkippingRejected(batch, progress);
      } catch (error) {
        this.buffer.unshift(...batch.slice(progress.done));
        this.trimOverflow();
        this.logger.warn(
          `Could not write ${batch.length - progress.done} abuse events (${(error as Error).message}); ${this.buffer.length} kept for a retry`,
        );
        return false;
      } finally {
        this.logRejected(progress.rejected);
      }
    }
    return true;
  }

  /**
   * Inserts `rows` in one statement. When Postgres rejects it for a reason of its own (a SQLSTATE that does not
   * say the database is unreachable), the rows are split in halves and retried, down to single rows; a single
   * row it still rejects is skipped, so one bad row never blocks the others. Throws (with `progress.done` rows
   * written or skipped, in order) when the database cannot be reached: those rows stay buffered.
   */
  private async insertSkippingRejected(rows: EventRow[], progress: WriteProgress): Promise<void> {
    try {
      await this.writer.insert(rows);
      progress.done += rows.length;
      return;
    } catch (error) {
      const code = sqlStateOf(error);
      if (code === null || UNREACHABLE_SQLSTATE_CLASSES.has(code.slice(0, 2))) throw error;
      if (rows.length === 1) {
        progress.rejected.push({ type: rows[0].type, code });
        progress.done += 1;
        return;
      }
    }
    const half = Math.ceil(rows.length / 2);
    await this.insertSkippingRejected(rows.slice(0, half), progress);
    await this.insertSkippingRejected(rows.slice(half), progress);
  }

  /** One line for the rows Postgres refused: their types and SQLSTATEs only (never their content). */
  private logRejected(rejected: Array<{ type: string; code: string }>): void {
    if (rejected.length === 0) return;
    this.rejected += rejected.length;
    const kinds = [...new Set(rejected.map((row) => `${row.type} (SQLSTATE ${row.code})`))].join(', ');
    this.logger.error(
      `Skipped ${rejected.length} abuse events the database rejected: ${kinds}; ${this.rejected} skipped in all`,
    );
  }
}

interface WriteProgress {
  /** Rows of the batch handled so far, in order: written, or rejected and skipped. */
  done: number;
  rejected: Array<{ type: string; code: string }>;
}

/**
 * SQLSTATE classes that mean the database (not the row) is the problem: connection exception, insufficient
 * resources, operator intervention (shutdown, statement time-out), system error, transaction rollback. A write
 * failing with one of these, or with no SQLSTATE at all (a socket error, a pool time-out), is retried whole.
 */
const UNREACHABLE_SQLSTATE_CLASSES = new Set(['08', '53', '57', '58', '40']);

/** The SQLSTATE of a database error (TypeORM copies the driver's `code`), or null for any other error. */
function sqlStateOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  // Five characters, but not a Node system error code such as EPIPE (no SQLSTATE class starts with E).
  return typeof code === 'string' && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(code) ? code : null;
}
