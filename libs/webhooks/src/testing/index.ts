export { WebhookSubscribers } from '../delivery/webhook-subscribers';
