import { Module } from '@nestjs/common';
import { AbuseModule } from '@app/abuse';
import { AuthModule } from '@app/auth';
import { ClockModule } from '@app/common';
import { CredentialsModule } from '@app/credentials';
import { IdempotencyModule } from '@app/idempotency';
import { WebhooksModule } from '@app/webhooks';
import { WebhookPagesController } from './webhook-pages.controller';
import { WebhooksController } from './webhooks.controller';

/** The webhook endpoints' routes (key + token) and pages (session); the deliveries themselves are the webhooks lib's. */
@Module({
  imports: [ClockModule, AuthModule, CredentialsModule, AbuseModule, WebhooksModule, IdempotencyModule],
  controllers: [WebhooksController, WebhookPagesController],
})
export class WebhooksHttpModule {}
