export { messagingConfig } from './messaging.config';
export { PubSub } from './pubsub/pubsub';
export { PubSubModule } from './pubsub/pubsub.module';
export { RedisConnections } from './redis/redis-connections';
export { RedisModule } from './redis/redis.module';
