import type { INestApplication, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { ShutdownState } from '@app/common';

/** Ways the process can be told to stop. */
const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Graceful shutdown, in the order that loses nothing:
 *   1. stop accepting connections; close idle keep-alive connections; answers still being written ask their
 *      client to close (`Connection: close`), so keep-alive clients move to another instance: this marks the
 *      app's `ShutdownState` as closing, and every answer reads it (see `httpEdge`);
 *   2. wait for the in-flight requests (at most `timeoutMs`; then their connections are closed);
 *   3. only then close the app (`app.close()`): usage counters and abuse events are flushed, Redis and the
 *      database closed (Nest's own signal handling would run those hooks before the HTTP server stopped);
 *   4. exit.
 */
export class GracefulShutdown {
  private closing = false;

  constructor(
    private readonly app: INestApplication,
    private readonly logger: LoggerService,
    private readonly timeoutMs: number,
    private readonly onExit: () => void = () => undefined,
  ) {}

  /** Listens for SIGTERM and SIGINT. */
  install(): void {
    for (const signal of SIGNALS) process.once(signal, () => void this.shutdown(signal));
  }

  async shutdown(signal: string): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.announce();
    this.logger.log(`${signal}: finishing in-flight requests (up to ${this.timeoutMs} ms), then closing`, 'Shutdown');
    let code = 0;
    try {
      await this.drain(this.app.getHttpServer() as Server);
      await this.app.close();
      this.logger.log('Closed cleanly', 'Shutdown');
    } catch (error) {
      code = 1;
      this.logger.error(`Shutdown failed: ${(error as Error)?.message ?? String(error)}`, undefined, 'Shutdown');
    } finally {
      this.onExit();
      process.exit(code);
    }
  }

  /** Tells the app's `ShutdownState` (the global ConfigModule provides it). */
  private announce(): void {
    this.app.get(ShutdownState, { strict: false }).begin();
  }

  private drain(server: Server): Promise<void> {
    return new Promise((resolve) => {
      // Idle keep-alive connections are closed from the next sweep on, not at once: a connection whose request
      // is still waiting in the socket buffer (the event loop busy with other requests) counts as idle until
      // it is read, and closing it would reset a request the client already sent.
      // A plain interval, not a PeriodicTask: it belongs to this drain alone, which runs before `app.close()`
      // starts Nest's shutdown hooks (ScheduleModule's included), and it is cleared when the server has closed.
      const sweeper = setInterval(() => server.closeIdleConnections(), 250);
      const deadline = setTimeout(() => {
        this.logger.warn('Shutdown time-out: closing the connections still open', 'Shutdown');
        server.closeAllConnections();
      }, this.timeoutMs);
      // net.Server#close: stop accepting and wait for the open connections. (http.Server#close would also
      // close every connection without a parsed request at once, with the race above.)
      NetServer.prototype.close.call(server, () => {
        clearInterval(sweeper);
        clearTimeout(deadline);
        resolve();
      });
    });
  }
}
