import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { WebhooksModule } from '@app/webhooks';

/**
 * What `@Viewer()` (viewer.decorator.ts) needs, for a module whose pages take it: the session's CSRF token
 * (AuthModule) and the member's webhook endpoints turned off (WebhooksModule, the account frame's notice).
 */
@Module({ imports: [AuthModule, WebhooksModule], exports: [AuthModule, WebhooksModule] })
export class ViewerModule {}
