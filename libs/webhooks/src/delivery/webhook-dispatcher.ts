import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock, PeriodicTask } from '@app/common';
import { SecretCipher } from '@app/members';
import { Metrics } from '@app/metrics';
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { endpointSecretContext } from '../endpoints/endpoint-secret';
import { TEST_EVENT, WebhookEndpointDisabled } from '../webhook-events';
import { retryDelayMs, webhooksConfig, WebhooksConfig } from '../webhooks.config';
import { WebhookSender } from './webhook-sender';
import { WebhookSubscribers } from './webhook-subscribers';

/** The pg-boss queue of delivery attempts: one job per attempt, its data the delivery's id. */
export const DELIVERY_QUEUE = 'webhook-delivery';
/** pg-boss's schema: its own tables, never in a backup or a move (docs/operations.md, "Webhooks"). */
export const QUEUE_SCHEMA = 'pgboss';
/** Pending deliveries re-enqueued by one pass of `requeueLost`. */
const REQUEUE_BATCH = 500;

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
 *
 * The delivery row, not the queue, is the truth: it names the job that is to make its next attempt (`job_id`), and an
 * attempt first claims the row (`claimed_until`), so a second job of the same delivery (a redelivery's, a
 * re-enqueue's, one pg-boss runs again after a crash) never makes a second attempt at the same time or out of turn.
 * `requeueLost` (at the queue's start and every `WEBHOOK_REQUEUE_INTERVAL_MS`) queues again every pending delivery
 * whose job the queue no longer has: after a restore or a move (pg-boss's schema is not in backups), or a job
 * pg-boss gave up on.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private boss: Promise<PgBoss> | null = null;
  private workerId: string | null = null;
  private stopped = false;
  private readonly requeueTask: PeriodicTask;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sender: WebhookSender,
    private readonly subscribers: WebhookSubscribers,
    private readonly clock: Clock,
    private readonly cipher: SecretCipher,
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly events: EventEmitter2,
    scheduler: SchedulerRegistry,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.requeueTask = new PeriodicTask(scheduler, {
      name: 'webhook-requeue',
      everyMs: config.WEBHOOK_REQUEUE_INTERVAL_MS,
      run: async () => void (await this.requeueLost()),
      logger: this.logger,
    });
    subscribers.onAny(() => void this.queue().catch(() => undefined));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.requeueTask.stop();
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

  /**
   * Sends a delivery again now (the same body and `webhook-id`), whatever its state; the attempts go on counting.
   * Its next attempt is the new job's (a retry the queue held for later does nothing); 409 while an attempt is under way.
   */
  async redeliver(memberId: string, endpointId: string, deliveryId: string): Promise<void> {
    const now = this.clock.now();
    const [rows] = await this.db.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $4
        WHERE id = $3 AND endpoint_id = $2 AND member_id = $1 AND (claimed_until IS NULL OR claimed_until <= $4)
        RETURNING id`,
      /^[0-9a-f-]{36}$/i.test(deliveryId) ? [memberId, endpointId, deliveryId, now] : [memberId, endpointId, null, now],
    );
    if (rows.length === 0) {
      const found = /^[0-9a-f-]{36}$/i.test(deliveryId)
        ? await this.db.query(
            `SELECT 1 FROM webhook_deliveries WHERE id = $3 AND endpoint_id = $2 AND member_id = $1`,
            [memberId, endpointId, deliveryId],
          )
        : [];
      if (found.length > 0) throw new AppException('conflict', 'An attempt of this delivery is under way, retry later');
      throw new AppException('not_found', 'No such delivery of this endpoint');
    }
    await this.enqueue([deliveryId]);
  }

  /**
   * One attempt of a delivery, made by its job `jobId` (a job of the queue): nothing when the delivery is no longer
   * pending, names another job, or is claimed by an attempt under way (on this instance or another).
   */
  async attempt(deliveryId: string, jobId: string | null = null): Promise<void> {
    const now = this.clock.now();
    const claimedUntil = new Date(now.getTime() + this.config.WEBHOOK_ATTEMPT_TIMEOUT_MS + 60_000);
    const [claimed] = await this.db.query(
      `UPDATE webhook_deliveries SET claimed_until = $3
        WHERE id = $1 AND status = 'pending' AND (job_id IS NULL OR job_id = $2::uuid OR $2::uuid IS NULL)
          AND (claimed_until IS NULL OR claimed_until <= $4)
        RETURNING id`,
      [deliveryId, jobId, claimedUntil, now],
    );
    if (claimed.length === 0) return;
    try {
      await this.attemptClaimed(deliveryId, now);
    } finally {
      await this.db
        .query(`UPDATE webhook_deliveries SET claimed_until = NULL WHERE id = $1 AND claimed_until = $2`, [
          deliveryId,
          claimedUntil,
        ])
        .catch(() => undefined);
    }
  }

  private async attemptClaimed(deliveryId: string, now: Date): Promise<void> {
    const rows = await this.db.query(
      `SELECT d.id::text AS id, d.payload, d.attempts, d.created_at, e.id::text AS endpoint_id, e.url,
              e.sealed_secret, e.enabled
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
      [deliveryId],
    );
    const delivery = rows[0];
    if (!delivery) return;
    if (!delivery.enabled) {
      await this.db.query(
        `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL,
                last_error = 'The endpoint is disabled' WHERE id = $1`,
        [deliveryId],
      );
      return;
    }
    const secret = this.cipher.open(delivery.sealed_secret, endpointSecretContext(delivery.endpoint_id));
    const outcome = await this.sender.send(delivery.url, secret, `msg_${delivery.id}`, now, delivery.payload);
    const attempts = Number(delivery.attempts) + 1;
    this.metrics?.webhookAttempts.inc({ outcome: outcome.outcome });
    if (attempts === 1) {
      this.metrics?.webhookFirstAttemptDelay.observe(
        Math.max(0, now.getTime() - new Date(delivery.created_at).getTime()) / 1000,
      );
    }
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
   * Queues again the pending deliveries whose job the queue no longer has (none, or one pg-boss finished or gave
   * up on), each at its `next_attempt_at` (now when that has passed): after a restore or a move, whose pg-boss
   * schema starts empty, the deliveries the backup held as pending are sent. A delivery whose attempt is under way
   * is left alone. How many were queued.
   */
  async requeueLost(): Promise<number> {
    if (!this.boss) return 0;
    await this.boss;
    const now = this.clock.now();
    const lost: Array<{ id: string; next_attempt_at: Date | null }> = await this.db.query(
      `SELECT d.id::text AS id, d.next_attempt_at FROM webhook_deliveries d
        WHERE d.status = 'pending' AND (d.claimed_until IS NULL OR d.claimed_until <= $2)
          AND NOT EXISTS (SELECT 1 FROM ${QUEUE_SCHEMA}.job j
                           WHERE j.name = $1 AND j.id = d.job_id AND j.state < 'completed')
        ORDER BY d.next_attempt_at NULLS FIRST LIMIT ${REQUEUE_BATCH}`,
      [DELIVERY_QUEUE, now],
    );
    if (lost.length === 0) return 0;
    const due = lost.filter((row) => !row.next_attempt_at || new Date(row.next_attempt_at) <= now);
    if (due.length > 0) await this.enqueue(due.map((row) => row.id));
    for (const row of lost) {
      if (!due.includes(row)) await this.enqueue([row.id], new Date(row.next_attempt_at!));
    }
    this.logger.log({ deliveries: lost.length }, 'Pending webhook deliveries queued again (their jobs were gone)');
    return lost.length;
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

  /**
   * One job per delivery, its id written on the delivery first (the job that is to make its next attempt); a job
   * whose insert fails leaves a delivery naming a job the queue does not have, which `requeueLost` finds.
   */
  private async enqueue(ids: readonly string[], startAfter?: Date): Promise<void> {
    if (ids.length === 0) return;
    const boss = await this.queue();
    const jobs = ids.map((deliveryId) => ({ deliveryId, jobId: randomUUID() }));
    await this.db.query(
      `UPDATE webhook_deliveries d SET job_id = j.job FROM unnest($1::uuid[], $2::uuid[]) AS j(id, job)
        WHERE d.id = j.id`,
      [jobs.map((job) => job.deliveryId), jobs.map((job) => job.jobId)],
    );
    await boss.insert(
      jobs.map(({ deliveryId, jobId }) => ({
        id: jobId,
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
          for (const job of jobs) await this.attempt(job.data.deliveryId, job.id);
        },
      );
      this.requeueTask.start();
      // Deliveries the queue lost (a restored or moved database): queued again once the queue is up.
      setImmediate(() => void this.requeueTask.tick());
    }
    return boss;
  }
}
