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
