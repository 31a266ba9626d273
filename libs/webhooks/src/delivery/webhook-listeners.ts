import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { OrderLinesChanged, ReportImported, ReportSyncFailed } from '@app/analytics';
import { ShortLinksCreated } from '@app/shortlinks';
import { WebhookDispatcher } from './webhook-dispatcher';

/**
 * The facts other libs tell (domain events) become webhook events: `order.created` / `order.updated` (one message
 * per order line, as the analytics API speaks of it), `report.imported`, `report.sync_failed`, `link.created`.
 * A failure here is logged and never fails what told it (an import, a convert call).
 */
@Injectable()
export class WebhookListeners {
  private readonly logger = new Logger(WebhookListeners.name);

  constructor(private readonly dispatcher: WebhookDispatcher) {}

  @OnEvent(OrderLinesChanged.event)
  async orders(event: OrderLinesChanged): Promise<void> {
    await this.publish(event.memberId, 'order.created', event.created);
    await this.publish(event.memberId, 'order.updated', event.updated);
  }

  @OnEvent(ReportImported.event)
  async imported(event: ReportImported): Promise<void> {
    await this.publish(event.memberId, 'report.imported', [event.summary]);
  }

  @OnEvent(ReportSyncFailed.event)
  async syncFailed(event: ReportSyncFailed): Promise<void> {
    await this.publish(event.memberId, 'report.sync_failed', [{ marketplace: event.marketplace, error: event.error }]);
  }

  @OnEvent(ShortLinksCreated.event)
  async linksCreated(event: ShortLinksCreated): Promise<void> {
    await this.publish(event.memberId, 'link.created', event.links);
  }

  private async publish(memberId: string, type: string, data: readonly object[]): Promise<void> {
    try {
      await this.dispatcher.publish(memberId, type, data);
    } catch (error) {
      this.logger.error(
        { member_id: memberId, event: type, error: (error as Error)?.message },
        'Webhook event not queued',
      );
    }
  }
}
