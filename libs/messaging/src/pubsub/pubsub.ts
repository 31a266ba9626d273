import { Logger, type OnModuleInit } from '@nestjs/common';
import { RareWarning } from '@app/common';

export type MessageHandler = (message: string) => void;
export type PubSubTransport = 'redis' | 'postgres' | 'in-process';

/** Longest wait for the first subscription at start-up; after it the process starts anyway (not `live` yet). */
export const PUBSUB_STARTUP_WAIT_MS = 1500;

/**
 * Messages between the instances of the service (and the standalone redirector): a process publishes on a
 * channel, every process that subscribed to it (the publisher included) gets the message. One transport per
 * process, chosen once from the settings (`PubSubModule`): Redis pub/sub when REDIS_URL is set, else PostgreSQL
 * LISTEN/NOTIFY on a real PostgreSQL, else in process (the embedded database is single-process).
 *
 * Delivery is at most once: a message sent while this process is not listening is lost. `live` says whether it is
 * listening right now (always in process); a user that caches what messages would invalidate trusts its cache only
 * while `live`, and drops it in `onResync`, called after every (re)subscription, since messages may have been
 * missed in between. `publish` never throws (a failure is logged, at most once a minute).
 */
export abstract class PubSub {
  abstract readonly transport: PubSubTransport;
  protected readonly logger = new Logger(PubSub.name);
  private readonly handlers = new Map<string, MessageHandler[]>();
  private readonly resyncHandlers: Array<() => void> = [];
  private readonly warning = new RareWarning(this.logger);
  protected closed = false;

  /** Whether messages from the other processes reach this one right now. */
  abstract get live(): boolean;

  /** Sends a message to every subscriber of the channel, in every process. Never throws. */
  abstract publish(channel: string, message: string): Promise<void>;

  /** Calls `handler` with every message on the channel (from this or another process). */
  subscribe(channel: string, handler: MessageHandler): void {
    const known = this.handlers.get(channel);
    if (known) {
      known.push(handler);
      return;
    }
    this.listen(channel);
    this.handlers.set(channel, [handler]);
  }

  /** Called after every (re)subscription: messages may have been missed, drop what they would have changed. */
  onResync(handler: () => void): void {
    this.resyncHandlers.push(handler);
  }

  /** Starts listening on a channel subscribed for the first time (throws when it cannot be told apart). */
  protected abstract listen(channel: string): void;

  /** The channels subscribed so far. */
  protected channels(): string[] {
    return [...this.handlers.keys()];
  }

  /** Hands a message to the channel's handlers; one failing handler does not stop the others. */
  protected deliver(channel: string, message: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (error) {
        this.logger.error(`A handler of ${channel} failed: ${(error as Error)?.message ?? String(error)}`);
      }
    }
  }

  /** Tells the resync handlers that this process listens again (after a connect or reconnect). */
  protected resynced(): void {
    for (const handler of this.resyncHandlers) handler();
  }

  /** Waits until `live` or PUBSUB_STARTUP_WAIT_MS, whichever comes first; warns when not live by then. */
  protected async waitUntilLive(first: Promise<void>): Promise<void> {
    const timedOut = new Promise<void>((done) => setTimeout(done, PUBSUB_STARTUP_WAIT_MS).unref());
    await Promise.race([first, timedOut]);
    if (!this.live) {
      this.logger.warn(
        `Messages between instances (${this.transport}) not connected yet: caches that depend on them are bypassed until they are`,
      );
    }
  }

  /** Logs a transport problem, at most once a minute. */
  protected warn(what: string, error: unknown): void {
    if (this.closed) return;
    this.warning.warn(`${what} failed: ${(error as Error)?.message ?? String(error)}`);
  }
}

/**
 * A transport over a connection to another server (Redis, PostgreSQL). At module init it connects when something
 * subscribed already (waiting at most PUBSUB_STARTUP_WAIT_MS); else a first subscription connects.
 */
export abstract class ConnectedPubSub extends PubSub implements OnModuleInit {
  /** Module init has run: from now on a first subscription connects. */
  protected started = false;
  /** Whether the listening connection listens on every channel right now. */
  protected listening = false;
  /** The transport's name of each channel (prefixed, or made a NOTIFY channel name) → the channel. */
  protected readonly names = new Map<string, string>();

  get live(): boolean {
    return this.listening;
  }

  async onModuleInit(): Promise<void> {
    this.started = true;
    if (this.channels().length > 0) await this.waitUntilLive(this.connect());
  }

  /** Makes and connects the listening connection; resolves when it is first live. */
  protected abstract connect(): Promise<void>;
}
