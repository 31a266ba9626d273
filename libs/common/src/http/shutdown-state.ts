import { Injectable } from '@nestjs/common';

/**
 * Whether this process is stopping: set by `GracefulShutdown` when a signal arrives, read by code that answers
 * requests outside Express (the redirect handler), which then asks keep-alive clients to close
 * (`Connection: close`) so they reconnect to another instance. One per app (provided by the global ConfigModule).
 */
@Injectable()
export class ShutdownState {
  private stopping = false;

  get closing(): boolean {
    return this.stopping;
  }

  begin(): void {
    this.stopping = true;
  }
}
