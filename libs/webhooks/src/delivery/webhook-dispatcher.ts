import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { TEST_EVENT, WebhookEndpointDisabled } from '../webhook-events';
import { retryDelayMs, webhooksConfig, WebhooksConfig } from '../webhooks.config';
import { WebhookSender } from './webhook-sender';
import { WebhookSubscribers } from './webhook-subscribers';

/** The pg-boss queue of delivery attempts: one job per attempt, its data the delivery's id. */
export const DELIVERY_QUEUE = 'webhook-delivery';

interface DeliveryJob {
  deliveryId: string;
}

/** The node-postgres-shaped pool TypeORM keeps (node-postgres's on PostgreSQL, PGlite's embedded). */
interface SqlPool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Turns events into deliveries and delivers them. `publish` writes one delivery per (endpoint asking for the event,
 * message) and queues its first attempt; each attempt is a pg-boss job (PostgreSQL, `SELECT … FOR UPDATE SKIP
 * LOCKED`: several instances share the queue and never take the same job; the embedded database works alike).
 * A failed attempt queues the next one after `retryDelayMs` (exponential, over a day with the defaults), until
 * `WEBHOOK_MAX_ATTEMPTS`; an endpoint failing without a success for `WEBHOOK_DISABLE_AFTER_HOURS` is disabled,
 * with the reason the member sees on it. The queue starts once some member has an endpoint (its tables are made
 * by pg-boss, in schema `pgboss`, the first time), and its workers stop at shutdown, waiting for attempts under way.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private boss: Promise<PgBoss> | null = null;
  private workerId: string | null = null;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sender: WebhookSender,
    private readonly subscribers: WebhookSubscribers,
    private readonly clock: Clock,
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly events: EventEmitter2,
  ) {
    subscribers.onAny(() => void this.queue().catch(() => undefined));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const boss = await this.boss?.catch(() => null);
    await boss?.stop({
      graceful: true,
      wait: true,
      close: false,
      timeout: this.config.WEBHOOK_ATTEMPT_TIMEOUT_MS + 1000,
    });
  }

  /**
   * One delivery per (enabled endpoint of the member asking for `type`, item of `data`), each queued. Nothing
   * (no query) for a member without endpoints.
   */
  async publish(memberId: string, type: string, data: readonly object[]): Promise<number> {
    if (!this.subscribers.has(memberId) || data.length === 0) return 0;
    const endpoints: Array<{ id: string }> = await this.db.query(
      `SELECT id::text AS id FROM webhook_endpoints WHERE member_id = $1 AND enabled AND $2 = ANY(events)`,
      [memberId, type],
    );
    if (endpoints.length === 0) return 0;
    const now = this.clock.now();
    const payloads = data.map((item) => JSON.stringify({ type, timestamp: now.toISOString(), data: item }));
    const ids = await this.insert(
      memberId,
      type,
      endpoints.flatMap((endpoint) => payloads.map((payload) => ({ endpoint: endpoint.id, payload }))),
      now,
    );
    await this.enqueue(ids);
    return ids.length;
  }

  /** The test event to one endpoint (whatever events it asked for); its delivery's id. */
  async sendTest(memberId: string, endpointId: string): Promise<string> {
    const now = this.clock.now();
    const payload = JSON.stringify({
      type: TEST_EVENT,
      timestamp: now.toISOString(),
      data: { endpoint_id: endpointId, message: 'A test event from the Link Conversion API' },
    });
    const [id] = await this.insert(memberId, TEST_EVENT, [{ endpoint: endpointId, payload }], now);
    await this.enqueue([id]);
    return id;
  }

  /** Sends a delivery again now (the same body and `webhook-id`), whatever its state; the attempts go on counting. */
  async redeliver(memberId: string, endpointId: string, deliveryId: string): Promise<void> {
    const [rows] = await this.db.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $4
        WHERE id = $3 AND endpoint_id = $2 AND member_id = $1 RETURNING id`,
      /^[0-9a-f-]{36}$/i.test(deliveryId)
        ? [memberId, endpointId, deliveryId, this.clock.now()]
        : [memberId, endpointId, null, null],
    );
    if (rows.length === 0) throw new AppException('not_found', 'No such delivery of this endpoint');
    await this.enqueue([deliveryId]);
  }

  /** One attempt of a delivery (a job of the queue). */
  async attempt(deliveryId: string): Promise<void> {
    const rows = await this.db.query(
      `SELECT d.id::text AS id, d.payload, d.status, d.attempts, d.first_attempt_at, e.id::text AS endpoint_id, e.url,
              e.secret, e.enabled, e.failing_since
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
      [deliveryId],
    );
    const delivery = rows[0];
    if (!delivery || delivery.status !== 'pending') return;
    const now = this.clock.now();
    if (!delivery.enabled) {
      await this.db.query(
        `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL,
                last_error = 'The endpoint is disabled' WHERE id = $1`,
        [deliveryId],
      );
      return;
    }
    const outcome = await this.sender.send(delivery.url, delivery.secret, `msg_${delivery.id}`, now, delivery.payload);
    const attempts = Number(delivery.attempts) + 1;
    const retry = !outcome.ok && attempts < this.config.WEBHOOK_MAX_ATTEMPTS;
    const next = retry ? new Date(now.getTime() + retryDelayMs(this.config, attempts)) : null;
    await this.db.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = $3, last_status_code = $4, last_latency_ms = $5,
              last_error = $6, first_attempt_at = COALESCE(first_attempt_at, $7), last_attempt_at = $7,
              next_attempt_at = $8
        WHERE id = $1`,
      [
        deliveryId,
        outcome.ok ? 'succeeded' : retry ? 'pending' : 'failed',
        attempts,
        outcome.statusCode,
        outcome.latencyMs,
        outcome.error?.slice(0, 300) ?? null,
        now,
        next,
      ],
    );
    if (outcome.ok) {
      await this.db.query(
        `UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`,
        [delivery.endpoint_id],
      );
      return;
    }
    if (retry) await this.enqueue([deliveryId], next!);
    await this.noteFailure(delivery.endpoint_id, now);
  }

  /**
   * Marks the endpoint failing since now (unless it already was), and disables it once that is too long ago: then
   * (only on the change from on to off) emits `WebhookEndpointDisabled` and waits for its listeners.
   */
  private async noteFailure(endpointId: string, now: Date): Promise<void> {
    const limitMs = this.config.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000;
    await this.db.query(`UPDATE webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL`, [
      endpointId,
      now,
    ]);
    // Returns the row only on the change from on to off (the row's lock makes it once, whatever the instances).
    const [rows] = await this.db.query(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $3
        WHERE id = $1 AND enabled AND failing_since <= $2
        RETURNING member_id::text AS member_id, url, disabled_reason`,
      [
        endpointId,
        new Date(now.getTime() - limitMs),
        `Disabled on ${now.toISOString().slice(0, 10)}: every delivery failed for ` +
          `${this.config.WEBHOOK_DISABLE_AFTER_HOURS} hours. Fix the endpoint and turn it back on.`,
      ],
    );
    const row = rows[0];
    if (row) {
      this.logger.warn(
        { member_id: row.member_id, endpoint_id: endpointId },
        'Webhook endpoint disabled after failing',
      );
      await this.events.emitAsync(
        WebhookEndpointDisabled.event,
        new WebhookEndpointDisabled(row.member_id, endpointId, row.url, row.disabled_reason ?? ''),
      );
    }
  }

  private async insert(
    memberId: string,
    type: string,
    items: Array<{ endpoint: string; payload: string }>,
    now: Date,
  ): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, member_id, event_type, payload, created_at, next_attempt_at)
       SELECT e::uuid, $1, $2, p, $5, $5 FROM unnest($3::text[], $4::text[]) AS i(e, p) RETURNING id::text AS id`,
      [memberId, type, items.map((i) => i.endpoint), items.map((i) => i.payload), now],
    );
    return rows.map((row) => row.id);
  }

  private async enqueue(ids: readonly string[], startAfter?: Date): Promise<void> {
    if (ids.length === 0) return;
    const boss = await this.queue();
    await boss.insert(
      ids.map((deliveryId) => ({
        name: DELIVERY_QUEUE,
        data: { deliveryId } satisfies DeliveryJob,
        ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
        // A process that dies during an attempt: pg-boss expires the job and runs it again.
        retryLimit: 2,
        expireInSeconds: Math.ceil(this.config.WEBHOOK_ATTEMPT_TIMEOUT_MS / 1000) + 60,
      })),
    );
    // This instance's worker looks now instead of at its next poll (the others poll).
    if (!startAfter && this.workerId) (await this.queue()).notifyWorker(this.workerId);
  }

  /** The queue, started on first use: pg-boss over TypeORM's own pool (no connection of its own). */
  private queue(): Promise<PgBoss> {
    this.boss ??= this.start().catch((error: Error) => {
      this.boss = null;
      this.logger.error({ error: error?.message }, 'The webhook queue could not start');
      throw new AppException('unavailable', 'The webhook queue is not available, please retry');
    });
    return this.boss;
  }

  private async start(): Promise<PgBoss> {
    const pool = (this.db.driver as unknown as { master: SqlPool }).master;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) as Promise<{ rows: never[] }> },
      schema: 'pgboss',
      schedule: false,
    });
    boss.on('error', (error: Error) => this.logger.warn({ error: error?.message }, 'Webhook queue error'));
    await boss.start();
    await boss.createQueue(DELIVERY_QUEUE);
    if (!this.stopped) {
      this.workerId = await boss.work<DeliveryJob>(
        DELIVERY_QUEUE,
        { batchSize: 5, pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) await this.attempt(job.data.deliveryId);
        },
      );
    }
    return boss;
  }
}
