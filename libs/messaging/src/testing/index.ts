/** What only tests name of the messaging library: the publish/subscribe transports, tested one by one. */
export { InProcessPubSub } from '../pubsub/in-process-pubsub';
export { PostgresPubSub, postgresChannelOf } from '../pubsub/postgres-pubsub';
export { RedisPubSub } from '../pubsub/redis-pubsub';
