import type { MigrationInterface } from 'typeorm';
import { Webhooks1795460000000 } from './1795460000000-Webhooks';
import { WebhookSecretsSealed1795470000000 } from './1795470000000-WebhookSecretsSealed';
import { WebhookDeliveryClaims1795471000000 } from './1795471000000-WebhookDeliveryClaims';

/** The webhooks lib's migrations, oldest first (the app runs every lib's in one list ordered by timestamp). */
export const WEBHOOK_MIGRATIONS: Array<new () => MigrationInterface> = [
  Webhooks1795460000000,
  WebhookSecretsSealed1795470000000,
  WebhookDeliveryClaims1795471000000,
];
