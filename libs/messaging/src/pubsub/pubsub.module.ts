import { Module } from '@nestjs/common';
import { databaseConfig, type DatabaseConfig } from '@app/database';
import { type MessagingConfig, messagingConfig } from '../messaging.config';
import { RedisConnections } from '../redis/redis-connections';
import { RedisModule } from '../redis/redis.module';
import { InProcessPubSub } from './in-process-pubsub';
import { PostgresPubSub } from './postgres-pubsub';
import { PubSub } from './pubsub';
import { RedisPubSub } from './redis-pubsub';

/** The transport, chosen once: REDIS_URL → Redis; else a real PostgreSQL (DATABASE_URL) → LISTEN/NOTIFY; else in process. */
export function pubSubFor(config: MessagingConfig, database: DatabaseConfig, redis: RedisConnections): PubSub {
  if (config.REDIS_URL) return new RedisPubSub(redis);
  if (database.DATABASE_URL) return new PostgresPubSub(database.DATABASE_URL);
  return new InProcessPubSub();
}

/**
 * The publish/subscribe port (`PubSub`) between the instances. Not global: a module whose providers publish or
 * subscribe imports it; Nest makes one instance per process however many modules import it.
 */
@Module({
  imports: [RedisModule],
  providers: [
    { provide: PubSub, inject: [messagingConfig.KEY, databaseConfig.KEY, RedisConnections], useFactory: pubSubFor },
  ],
  exports: [PubSub],
})
export class PubSubModule {}
