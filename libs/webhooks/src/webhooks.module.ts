import { Module } from '@nestjs/common';
import { ClockModule } from '@app/common';
import { SecretCipherModule } from '@app/members';
import { ConversionModule } from '@app/conversion';
import { WebhookDispatcher } from './delivery/webhook-dispatcher';
import { WebhookListeners } from './delivery/webhook-listeners';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookSubscribers } from './delivery/webhook-subscribers';
import { WebhookEndpointsService } from './endpoints/webhook-endpoints.service';

/**
 * Webhooks: the members' endpoints, the deliveries of the events other libs tell about, signed and retried from a
 * queue on PostgreSQL. ConversionModule gives the address rule of outside calls (the short-link resolver's),
 * SecretCipherModule the sealing of the signing secrets at rest (the members' secrets' key and cipher).
 */
@Module({
  imports: [ClockModule, ConversionModule, SecretCipherModule],
  providers: [WebhookSender, WebhookSubscribers, WebhookDispatcher, WebhookListeners, WebhookEndpointsService],
  exports: [WebhookEndpointsService, WebhookDispatcher],
})
export class WebhooksModule {}
