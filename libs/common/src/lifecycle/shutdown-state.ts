import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';

/**
 * Whether this process is stopping: set by `GracefulShutdown` when a signal arrives. Once it is, every answer
 * asks its client to close the keep-alive connection (`Connection: close`), so clients reconnect to another
 * instance: Express answers through `httpEdge` (first after a mounted redirector),
 * the redirect handler through `closeIfStopping`. One per app (provided by the global ConfigModule).
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

  /** `Connection: close` on this answer once stopping (merged into whatever head is written later). */
  closeIfStopping(res: ServerResponse): void {
    if (this.stopping) res.setHeader('Connection', 'close');
  }
}
