import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Clock, PeriodicTask } from '@app/common';
import { DataSource } from 'typeorm';
import { webhooksConfig, WebhooksConfig } from '../webhooks.config';

/**
 * Which members have an enabled endpoint, held in process: an event of a member without one costs nothing (no
 * query: a convert call that makes short links tells `link.created` to every member's webhooks this way). Read at
 * start, re-read every `WEBHOOK_SUBSCRIBERS_REFRESH_MS` (an endpoint made on another instance), and added to at
 * once when this instance makes one. A member who removed every endpoint stays in until the next read: the event
 * then finds no endpoint, which is one query and nothing sent.
 */
@Injectable()
export class WebhookSubscribers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookSubscribers.name);
  private members = new Set<string>();
  private readonly task: PeriodicTask;
  private readonly pruneTask: PeriodicTask;
  private readonly listeners: Array<() => void> = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly clock: Clock,
    scheduler: SchedulerRegistry,
  ) {
    this.task = new PeriodicTask(scheduler, {
      name: 'webhook-subscribers',
      everyMs: config.WEBHOOK_SUBSCRIBERS_REFRESH_MS,
      run: () => this.reload(),
      logger: this.logger,
    });
    this.pruneTask = new PeriodicTask(scheduler, {
      name: 'webhook-log-prune',
      everyMs: 3_600_000,
      run: () => this.prune(this.clock.now()),
      logger: this.logger,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.reload();
    this.task.start();
    this.pruneTask.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
    await this.pruneTask.stop();
  }

  has(memberId: string): boolean {
    return this.members.has(memberId);
  }

  get any(): boolean {
    return this.members.size > 0;
  }

  add(memberId: string): void {
    this.members.add(memberId);
    for (const listener of this.listeners) listener();
  }

  /** Called when the first member with an endpoint is known (the queue starts then). */
  onAny(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Deletes the deliveries past `WEBHOOK_LOG_RETENTION_DAYS` that are no longer pending. */
  async prune(now: Date): Promise<void> {
    await this.db.query(`DELETE FROM webhook_deliveries WHERE created_at <= $1 AND status <> 'pending'`, [
      new Date(now.getTime() - this.config.WEBHOOK_LOG_RETENTION_DAYS * 86_400_000),
    ]);
  }

  async reload(): Promise<void> {
    const rows: Array<{ member_id: string }> = await this.db.query(
      `SELECT DISTINCT member_id::text AS member_id FROM webhook_endpoints WHERE enabled`,
    );
    this.members = new Set(rows.map((row) => row.member_id));
    if (this.members.size > 0) for (const listener of this.listeners) listener();
  }
}
