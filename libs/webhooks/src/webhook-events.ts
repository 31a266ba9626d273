/** The events a webhook endpoint may ask for: the one list the API's validation, OpenAPI and docs derive from. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.updated',
  'report.imported',
  'report.sync_failed',
  'link.created',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The test event (`POST .../test`): sent to one endpoint whatever events it asked for. */
export const TEST_EVENT = 'webhook.test';

/** What a member did to an endpoint, in `WebhookEndpointChanged`. */
export type WebhookEndpointChange = 'created' | 'updated' | 'deleted';

/**
 * A member made, changed or removed a webhook endpoint (committed). `fields`: what an update changed (`url`,
 * `events`, `description`, `enabled` or `disabled`), never the signing secret. Emitted by `WebhookEndpointsService`
 * with `emitAsync` and awaited (the audit log records it before the answer).
 */
export class WebhookEndpointChanged {
  static readonly event = 'webhooks.endpoint-changed';

  constructor(
    readonly memberId: string,
    readonly endpointId: string,
    readonly change: WebhookEndpointChange,
    readonly url: string,
    readonly fields: readonly string[] = [],
  ) {}
}

/**
 * An endpoint was turned off by the dispatcher after every delivery failed for `WEBHOOK_DISABLE_AFTER_HOURS`
 * (committed; emitted once, when it goes from on to off), with the reason the member sees on it.
 */
export class WebhookEndpointDisabled {
  static readonly event = 'webhooks.endpoint-disabled';

  constructor(
    readonly memberId: string,
    readonly endpointId: string,
    readonly url: string,
    readonly reason: string,
  ) {}
}
