import { OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { RedisConnections } from '../redis/redis-connections';
import { ConnectedPubSub } from './pubsub';

/**
 * Redis pub/sub on the process's two connections: PUBLISH on the command connection (fails fast: a message while
 * Redis is down is dropped and logged), SUBSCRIBE on the subscriber connection. Channel names carry
 * REDIS_KEY_PREFIX. Live from the moment every channel is subscribed until the subscriber connection drops; after
 * every reconnect the channels are subscribed again, then `onResync` handlers run.
 */
export class RedisPubSub extends ConnectedPubSub implements OnApplicationShutdown {
  readonly transport = 'redis';
  private subscriber: Redis | null = null;

  constructor(private readonly redis: RedisConnections) {
    super();
  }

  async publish(channel: string, message: string): Promise<void> {
    if (!this.redis.client || !this.redis.ready) return;
    try {
      await this.redis.client.publish(this.redis.prefix(channel), message);
    } catch (error) {
      this.warn(`Redis PUBLISH ${channel}`, error);
    }
  }

  protected listen(channel: string): void {
    this.names.set(this.redis.prefix(channel), channel);
    if (!this.started) return;
    if (!this.subscriber) {
      void this.connect();
    } else if (this.subscriber.status === 'ready') {
      this.subscriber.subscribe(this.redis.prefix(channel)).catch((error) => this.warn('Redis SUBSCRIBE', error));
    }
  }

  /** Makes and connects the subscriber; resolves when it is first live. */
  protected connect(): Promise<void> {
    const subscriber = this.redis.subscriber();
    if (!subscriber || this.subscriber) return Promise.resolve();
    this.subscriber = subscriber;
    subscriber.on('message', (name: string, message: string) => {
      const channel = this.names.get(name);
      if (channel !== undefined) this.deliver(channel, message);
    });
    // Not listening while disconnected; ioredis re-subscribes on reconnect and then says 'ready'.
    subscriber.on('close', () => (this.listening = false));
    subscriber.on('end', () => (this.listening = false));
    return new Promise<void>((resolve) => {
      subscriber.on('ready', () => {
        subscriber.subscribe(...this.names.keys()).then(
          () => {
            if (this.closed) return;
            this.listening = true;
            this.resynced();
            resolve();
          },
          (error: Error) => this.warn('Redis SUBSCRIBE', error),
        );
      });
      subscriber.connect().catch(() => undefined);
    });
  }

  onApplicationShutdown(): void {
    // The connection itself is closed by RedisConnections.
    this.closed = true;
    this.listening = false;
  }
}
