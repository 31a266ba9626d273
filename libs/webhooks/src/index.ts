export { WebhooksModule } from './webhooks.module';
export { webhooksConfig } from './webhooks.config';
export { WEBHOOK_EVENTS, type WebhookEvent, WebhookEndpointChanged, WebhookEndpointDisabled } from './webhook-events';
export {
  WebhookEndpointsService,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from './endpoints/webhook-endpoints.service';
export { WebhookDispatcher } from './delivery/webhook-dispatcher';
export { WEBHOOK_MIGRATIONS } from './migrations';
