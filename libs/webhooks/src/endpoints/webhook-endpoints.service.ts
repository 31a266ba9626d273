import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppException, Clock } from '@app/common';
import { SecretCipher } from '@app/members';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WebhookSender } from '../delivery/webhook-sender';
import { WebhookSubscribers } from '../delivery/webhook-subscribers';
import { type WebhookEndpointChange, WebhookEndpointChanged, type WebhookEvent } from '../webhook-events';
import { endpointSecretContext } from './endpoint-secret';
import { webhooksConfig, WebhooksConfig } from '../webhooks.config';

/** An endpoint as the API shows it (never its secret, but once when it is made). */
export interface WebhookEndpointView {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  /** Why the endpoint was disabled (after failing for days), or null. */
  disabled_reason: string | null;
  /** Since when its deliveries have failed without a success, or null. */
  failing_since: string | null;
  created_at: string;
}

/** One delivery of the log: the event, its attempts, the last status code and latency, the body sent. */
export interface WebhookDeliveryView {
  id: string;
  message_id: string;
  event: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  created_at: string;
  first_attempt_at: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  payload: string;
}

export interface EndpointInput {
  url: string;
  events: WebhookEvent[];
  description?: string;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function endpointView(row: Record<string, unknown>): WebhookEndpointView {
  return {
    id: String(row.id),
    url: String(row.url),
    events: row.events as string[],
    description: String(row.description ?? ''),
    enabled: Boolean(row.enabled),
    disabled_reason: (row.disabled_reason as string | null) ?? null,
    failing_since: iso(row.failing_since as Date | null),
    created_at: iso(row.created_at as Date)!,
  };
}

export function deliveryView(row: Record<string, unknown>): WebhookDeliveryView {
  return {
    id: String(row.id),
    message_id: `msg_${String(row.id)}`,
    event: String(row.event_type),
    status: String(row.status),
    attempts: Number(row.attempts),
    last_status_code: row.last_status_code === null ? null : Number(row.last_status_code),
    last_latency_ms: row.last_latency_ms === null ? null : Number(row.last_latency_ms),
    last_error: (row.last_error as string | null) ?? null,
    created_at: iso(row.created_at as Date)!,
    first_attempt_at: iso(row.first_attempt_at as Date | null),
    last_attempt_at: iso(row.last_attempt_at as Date | null),
    next_attempt_at: iso(row.next_attempt_at as Date | null),
    payload: String(row.payload),
  };
}

/** A member's webhook endpoints: add (the signing secret shown once), list, change, remove; their delivery log. */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sender: WebhookSender,
    private readonly subscribers: WebhookSubscribers,
    private readonly clock: Clock,
    private readonly cipher: SecretCipher,
    @Inject(webhooksConfig.KEY) private readonly config: WebhooksConfig,
    private readonly events: EventEmitter2,
  ) {}

  /** Tells `WebhookEndpointChanged` (committed) and waits for its listeners. */
  private async changed(
    memberId: string,
    endpointId: string,
    change: WebhookEndpointChange,
    url: string,
    fields: string[] = [],
  ): Promise<void> {
    await this.events.emitAsync(
      WebhookEndpointChanged.event,
      new WebhookEndpointChanged(memberId, endpointId, change, url, fields),
    );
  }

  async create(memberId: string, input: EndpointInput): Promise<WebhookEndpointView & { secret: string }> {
    await this.checkUrl(input.url);
    const [{ count }]: Array<{ count: number }> = await this.db.query(
      `SELECT count(*)::int AS count FROM webhook_endpoints WHERE member_id = $1`,
      [memberId],
    );
    if (count >= this.config.WEBHOOK_ENDPOINTS_PER_MEMBER) {
      throw new AppException(
        'quota_exceeded',
        `You have ${count} webhook endpoints, the most a member may have; remove one first`,
      );
    }
    // Standard Webhooks' secret shape: `whsec_` + base64 of 24 random bytes; kept sealed, bound to the endpoint.
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const id = randomUUID();
    const [row] = await this.db.query(
      `INSERT INTO webhook_endpoints (id, member_id, url, events, sealed_secret, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $7) RETURNING *`,
      [
        id,
        memberId,
        input.url,
        [...new Set(input.events)],
        this.cipher.seal(secret, endpointSecretContext(id)),
        input.description ?? '',
        this.clock.now(),
      ],
    );
    this.subscribers.add(memberId);
    await this.changed(memberId, String(row.id), 'created', String(row.url));
    return { ...endpointView(row), secret };
  }

  async list(memberId: string): Promise<WebhookEndpointView[]> {
    const rows = await this.db.query(`SELECT * FROM webhook_endpoints WHERE member_id = $1 ORDER BY created_at, id`, [
      memberId,
    ]);
    return rows.map(endpointView);
  }

  async get(memberId: string, id: string): Promise<WebhookEndpointView> {
    return endpointView(await this.row(memberId, id));
  }

  /** Changes the URL, events, description; `enabled: true` turns a disabled endpoint back on. */
  async update(
    memberId: string,
    id: string,
    input: Partial<EndpointInput> & { enabled?: boolean },
  ): Promise<WebhookEndpointView> {
    const before = await this.row(memberId, id);
    if (input.url !== undefined) await this.checkUrl(input.url);
    const [rows] = await this.db.query(
      `UPDATE webhook_endpoints SET url = COALESCE($3, url), events = COALESCE($4::text[], events),
              description = COALESCE($5, description), enabled = COALESCE($6, enabled),
              disabled_reason = CASE WHEN $6 IS TRUE THEN NULL ELSE disabled_reason END,
              failing_since = CASE WHEN $6 IS TRUE THEN NULL ELSE failing_since END, updated_at = $7
        WHERE member_id = $1 AND id = $2 RETURNING *`,
      [
        memberId,
        id,
        input.url ?? null,
        input.events ? [...new Set(input.events)] : null,
        input.description ?? null,
        input.enabled ?? null,
        this.clock.now(),
      ],
    );
    const fields = [
      ...(['url', 'events', 'description'] as const).filter((name) => input[name] !== undefined),
      ...(input.enabled === undefined ? [] : [input.enabled ? 'enabled' : 'disabled']),
    ];
    if (input.enabled === true && before.enabled) fields.pop();
    if (input.enabled === false && !before.enabled) fields.pop();
    await this.changed(memberId, id, 'updated', String(rows[0].url), fields);
    return endpointView(rows[0]);
  }

  async remove(memberId: string, id: string): Promise<void> {
    const row = await this.row(memberId, id);
    await this.db.query(`DELETE FROM webhook_endpoints WHERE member_id = $1 AND id = $2`, [memberId, id]);
    await this.changed(memberId, id, 'deleted', String(row.url));
  }

  /** The member's endpoints that are turned off, for the account pages' notice (one indexed query). */
  async disabled(memberId: string): Promise<Array<Pick<WebhookEndpointView, 'id' | 'url' | 'disabled_reason'>>> {
    const rows: Array<{ id: string; url: string; disabled_reason: string | null }> = await this.db.query(
      `SELECT id::text AS id, url, disabled_reason FROM webhook_endpoints
        WHERE member_id = $1 AND NOT enabled ORDER BY created_at, id`,
      [memberId],
    );
    return rows.map((row) => ({ id: row.id, url: row.url, disabled_reason: row.disabled_reason }));
  }

  /** The endpoint's deliveries, newest first. */
  async deliveries(
    memberId: string,
    id: string,
    page: number,
    perPage: number,
  ): Promise<{ deliveries: WebhookDeliveryView[]; total: number }> {
    await this.row(memberId, id);
    const [rows, counted] = await Promise.all([
      this.db.query(
        `SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [id, perPage, (page - 1) * perPage],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM webhook_deliveries WHERE endpoint_id = $1`, [id]),
    ]);
    return { deliveries: rows.map(deliveryView), total: Number(counted[0]?.total ?? 0) };
  }

  /** The endpoint's row (its secret sealed), or 404 `not_found` when it is not the member's. */
  async row(memberId: string, id: string): Promise<Record<string, unknown>> {
    const rows = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.db.query(`SELECT * FROM webhook_endpoints WHERE member_id = $1 AND id = $2`, [memberId, id])
      : [];
    if (rows.length === 0) throw new AppException('not_found', 'No such webhook endpoint');
    return rows[0];
  }

  private async checkUrl(url: string): Promise<void> {
    const refusal = await this.sender.refusal(url);
    if (refusal) throw new AppException('invalid_request', `The webhook URL is refused: ${refusal}`, { field: 'url' });
  }
}
