import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { ClockModule } from '@app/common';
import { CredentialsModule } from '@app/credentials';
import { IdempotencyModule } from '@app/idempotency';
import { WebhooksModule } from '@app/webhooks';
import { WebhooksController } from './webhooks.controller';

/** The webhook endpoints' routes (key + token); the deliveries themselves are the webhooks lib's. */
@Module({
  imports: [ClockModule, CredentialsModule, AbuseModule, WebhooksModule, IdempotencyModule],
  controllers: [WebhooksController],
})
export class WebhooksHttpModule {}
